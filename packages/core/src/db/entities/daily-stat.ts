import type { EntityItem } from "electrodb";
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
      /**
       * Revenue in the other currencies, in their minor units; `revenue` is USD (core/src/currency).
       * No defaults: update().add() creates them on the first sale in that currency.
       */
      revenue_eur: { type: "number" },
      revenue_gbp: { type: "number" },
      revenue_cad: { type: "number" },
      revenue_aud: { type: "number" },
      revenue_jpy: { type: "number" },
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
