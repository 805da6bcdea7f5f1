import type { EntityItem } from "electrodb";
import { LazyEntity, cfg } from "./model";

/**
 * A claim on a value that must be unique within a scope (a store handle platform-wide, a
 * discount code within one seller). Created with a not-exists condition in the same
 * transaction as the thing that uses the value, so two people can never hold the same one;
 * `owner_id` says who holds it, so a lookup by value is one strongly consistent GetItem.
 */
export const UniqueEntity = new LazyEntity(
  {
    model: { entity: "unique", version: "1", service: "payloft" },
    attributes: {
      scope: { type: "string", required: true },
      value: { type: "string", required: true },
      owner_id: { type: "string", required: true },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["scope", "value"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
    },
  },
  cfg(),
);

export type UniqueItem = EntityItem<typeof UniqueEntity>;
