import type { EntityItem } from "electrodb";
import { LazyEntity, cfg, timestamps } from "./model";

/**
 * An access link's token → the purchase it opens (rule: Access links). The purchase carries the
 * same token (access_token); both are written in one transaction, once per purchase.
 */
export const AccessLinkEntity = new LazyEntity(
  {
    model: { entity: "access_link", version: "1", service: "payloft" },
    attributes: {
      token: { type: "string", required: true },
      purchase_id: { type: "string", required: true },
      /** A bundle item's own link: the item of the purchase it opens (rule: Bundles). */
      product_id: { type: "string" },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["token"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
    },
  },
  cfg(),
);

export type AccessLinkItem = EntityItem<typeof AccessLinkEntity>;
