import type { EntityItem } from "electrodb";
import { perCurrency } from "../schemas/per-currency";
import { LazyEntity, cfg } from "./model";

/**
 * Traffic analytics, written at event time: one item per creator, day and value of one
 * dimension (where visits came from: `source`, `referrer` host, utm `campaign`), counting
 * sales-page views and the sales and revenue attributed to them. The dashboard reads one
 * creator's days in one Query; values are normalised and short, so a day holds few items.
 */
export const TrafficStatEntity = new LazyEntity(
  {
    model: { entity: "traffic", version: "1", service: "payloft" },
    attributes: {
      /** `creator#<id>` */
      scope: { type: "string", required: true },
      /** YYYY-MM-DD (UTC) */
      date: { type: "string", required: true },
      dimension: { type: ["source", "referrer", "campaign"] as const, required: true },
      value: { type: "string", required: true },
      views: { type: "number", required: true, default: 0 },
      sales: { type: "number", required: true, default: 0 },
      /** USD cents of the sales attributed to this value (net of refunds and disputes). */
      revenue: { type: "number", required: true, default: 0 },
      /** The same in each other currency, in its minor unit (core/src/currency): never added to USD. */
      ...perCurrency("revenue"),
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["scope"], casing: "none" },
        sk: { field: "sk", composite: ["date", "dimension", "value"], casing: "none" },
      },
    },
  },
  cfg(),
);

export type TrafficStatItem = EntityItem<typeof TrafficStatEntity>;
