import type { EntityItem } from "electrodb";
import { LazyEntity, cfg, timestamps } from "./model";

/**
 * A licence key → the purchase it belongs to. Written in the purchase's own transaction (a
 * create, so two purchases can never share a key); the purchase carries the key too.
 */
export const LicenseKeyEntity = new LazyEntity(
  {
    model: { entity: "license_key", version: "1", service: "payloft" },
    attributes: {
      key: { type: "string", required: true },
      purchase_id: { type: "string", required: true },
      product_id: { type: "string", required: true },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["key"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
    },
  },
  cfg(),
);

export type LicenseKeyItem = EntityItem<typeof LicenseKeyEntity>;
