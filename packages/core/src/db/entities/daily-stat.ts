import type { EntityItem } from "electrodb";
import { perCurrency } from "../schemas/per-currency";
import { LazyEntity, cfg } from "./model";

/**
 * Daily figures written at event time, so charts read ≤ 30 items. scope is
 * `creator#<id>`, `product#<id>` or `platform`; date is YYYY-MM-DD (UTC).
 */
export const DailyStatEntity = new LazyEntity(
  {
    model: { entity: "daily", version: "1", service: "payloft" },
    attributes: {
      scope: { type: "string", required: true },
      date: { type: "string", required: true },
      sales: { type: "number", required: true, default: 0 },
      /** USD cents (every sale before currencies existed was in dollars). */
      revenue: { type: "number", required: true, default: 0 },
      /** Revenue in each other currency, in its minor unit; `revenue` is USD (core/src/currency). */
      ...perCurrency("revenue"),
      views: { type: "number", required: true, default: 0 },
      new_users: { type: "number", required: true, default: 0 },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["scope"], casing: "none" },
        sk: { field: "sk", composite: ["date"], casing: "none" },
      },
    },
  },
  cfg(),
);

export type DailyStatItem = EntityItem<typeof DailyStatEntity>;
