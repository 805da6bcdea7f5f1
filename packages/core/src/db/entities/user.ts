import type { EntityItem } from "electrodb";
import { LazyEntity, cfg } from "./model";
import { userSchema } from "../schemas/user";

/** A person (profile). Admin list: gsi2 by created_at. E-mail lookup goes through EmailEntity. */
export const UserEntity = new LazyEntity(userSchema, cfg());

export type UserItem = EntityItem<typeof UserEntity>;
