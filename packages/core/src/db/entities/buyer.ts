import type { EntityItem } from "electrodb";
import { perCurrency } from "../schemas/per-currency";
import { LazyEntity, cfg, timestamps } from "./model";

/** Platform-wide buyer aggregate for admin Customer Analytics: one partition, sk e-mail. */
export const BuyerEntity = new LazyEntity(
  {
    model: { entity: "buyer", version: "1", service: "payloft" },
    attributes: {
      email: { type: "string", required: true },
      total_purchases: { type: "number", required: true, default: 0 },
      /** USD only; each other currency's spending is its own attribute (core/src/currency). */
      total_spent: { type: "number", required: true, default: 0 },
      ...perCurrency("spent"),
      creators: { type: "set", items: "string" },
      last_purchase_at: { type: "string" },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: [], casing: "none" },
        sk: { field: "sk", composite: ["email"], casing: "none" },
      },
    },
  },
  cfg(),
);

export type BuyerItem = EntityItem<typeof BuyerEntity>;
