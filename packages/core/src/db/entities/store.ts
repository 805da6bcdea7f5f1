import type { EntityItem } from "electrodb";
import { LazyEntity, cfg } from "./model";
import { storeSchema } from "../schemas/store";

/**
 * A creator's storefront (one per creator, pk = their user id). The handle's uniqueness is a
 * UniqueEntity claim (scope "store-handle") written in the same transaction.
 */
export const StoreEntity = new LazyEntity(storeSchema, cfg());

export type StoreItem = EntityItem<typeof StoreEntity>;
