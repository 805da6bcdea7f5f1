import type { EntityItem } from "electrodb";
import { LazyEntity, cfg, timestamps } from "./model";

/**
 * A creator's storefront (one per creator, pk = their user id). The handle's uniqueness is a
 * UniqueEntity claim (scope "store-handle") written in the same transaction.
 */
export const StoreEntity = new LazyEntity(
  {
    model: { entity: "store", version: "1", service: "payloft" },
    attributes: {
      user_id: { type: "string", required: true },
      handle: { type: "string", required: true },
      bio: { type: "string", default: "" },
      avatar_url: { type: "string" },
      /** #rrggbb; applied only while the owner's plan includes custom branding. */
      accent_color: { type: "string" },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["user_id"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
    },
  },
  cfg(),
);

export type StoreItem = EntityItem<typeof StoreEntity>;
