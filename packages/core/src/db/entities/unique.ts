import type { EntityItem } from "electrodb";
import { LazyEntity, cfg } from "./model";
import { uniqueSchema } from "../schemas/unique";

/**
 * A claim on a value that must be unique within a scope (a store handle platform-wide, a
 * discount code within one seller). Created with a not-exists condition in the same
 * transaction as the thing that uses the value, so two people can never hold the same one;
 * `owner_id` says who holds it, so a lookup by value is one strongly consistent GetItem.
 */
export const UniqueEntity = new LazyEntity(uniqueSchema, cfg());

export type UniqueItem = EntityItem<typeof UniqueEntity>;
