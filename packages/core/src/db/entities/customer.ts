import type { EntityItem } from "electrodb";
import { perCurrency } from "../schemas/per-currency";
import { LazyEntity, cfg, timestamps } from "./model";

/** A seller's customer, aggregated at purchase time: primary pk creator, sk e-mail. */
export const CustomerEntity = new LazyEntity(
  {
    model: { entity: "customer", version: "1", service: "payloft" },
    attributes: {
      creator_id: { type: "string", required: true },
      email: { type: "string", required: true },
      total_purchases: { type: "number", required: true, default: 0 },
      /** USD only; each other currency's spending is its own attribute (core/src/currency). */
      total_spent: { type: "number", required: true, default: 0 },
      ...perCurrency("spent"),
      last_purchase_at: { type: "string" },
      products: { type: "set", items: "string" },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["creator_id"], casing: "none" },
        sk: { field: "sk", composite: ["email"], casing: "none" },
      },
    },
  },
  cfg(),
);

export type CustomerItem = EntityItem<typeof CustomerEntity>;
