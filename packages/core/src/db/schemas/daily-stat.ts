import { itemSchema } from "./define";
import { perCurrency } from "./per-currency";

/** The plain schema of daily items (no ElectroDB import: db/lean reads them too); entities/daily-stat.ts builds the entity from it. */
export const dailyStatSchema = itemSchema({
  model: { entity: "daily", version: "1", service: "payloft" },
  attributes: {
    scope: { type: "string", required: true },
    date: { type: "string", required: true },
    sales: { type: "number", required: true, default: 0 },
    /** USD cents (every sale before currencies existed was in dollars). */
    revenue: { type: "number", required: true, default: 0 },
    /** Revenue in each other currency, in its minor unit; `revenue` is USD (core/src/currency). */
    ...perCurrency("revenue"),
    /** Sales in each currency other than USD; `sales` counts every sale (the chart plots one currency's). */
    ...perCurrency("sales"),
    views: { type: "number", required: true, default: 0 },
    /** A creator's memberships that ended that day (the dashboard's churn over 30 days). */
    members_ended: { type: "number" },
    new_users: { type: "number", required: true, default: 0 },
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["scope"], casing: "none" },
      sk: { field: "sk", composite: ["date"], casing: "none" },
    },
  },
});
