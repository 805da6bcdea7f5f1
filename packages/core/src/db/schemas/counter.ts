import { itemSchema } from "./define";
import { perCurrency } from "./per-currency";
/** The plain schema of counter items (no ElectroDB import: db/lean reads them too); entities/counter.ts builds the entity from it. */
export const counterSchema = itemSchema({
  model: { entity: "counter", version: "1", service: "payloft" },
  attributes: {
    scope: { type: "string", required: true },
    sales: { type: "number", required: true, default: 0 },
    /** USD cents (every sale before currencies existed was in dollars). */
    revenue: { type: "number", required: true, default: 0 },
    /** Revenue in each other currency, in its minor unit; `revenue` is USD (core/src/currency). */
    ...perCurrency("revenue"),
    /** Sales in each currency other than USD; `sales` counts every sale (core/src/currency). */
    ...perCurrency("sales"),
    /** An affiliate's counter (`affiliate#<id>`): commission earned, USD cents, then other currencies (core/src/affiliate). */
    commission: { type: "number" },
    ...perCurrency("commission"),
    /** …clicks on their links (affiliate/clicks.ts, one per person per half hour)… */
    clicks: { type: "number" },
    /** …and what the creator recorded as paid to them (POST /api/affiliates/{id}/payouts). */
    paid: { type: "number" },
    ...perCurrency("paid"),
    /**
     * A creator's memberships (core/src/tally/figures.ts, membershipFigures): members with paid
     * access (active, past_due, canceled before its end), members in a trial, and the monthly
     * recurring revenue of those to be charged again, USD cents in `mrr`, then other currencies.
     */
    members_active: { type: "number" },
    members_trialing: { type: "number" },
    mrr: { type: "number" },
    ...perCurrency("mrr"),
    views: { type: "number", required: true, default: 0 },
    customers: { type: "number", required: true, default: 0 },
    products: { type: "number", required: true, default: 0 },
    active_products: { type: "number", required: true, default: 0 },
    users: { type: "number", required: true, default: 0 },
    /**
     * People whose role is creator (platform scope; user/creators.ts). No default on purpose:
     * an upsert that does not name it in ifNotExists then leaves it alone instead of zeroing it.
     */
    creators: { type: "number" },
    active_users: { type: "number", required: true, default: 0 },
    /** Users per stored plan id, e.g. { starter: 3, pro: 1 }. */
    plan_users: {
      type: "map",
      properties: {
        free: { type: "number" },
        starter: { type: "number" },
        pro: { type: "number" },
        business: { type: "number" },
        lifetime: { type: "number" },
      },
    },
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["scope"], casing: "none" },
      sk: { field: "sk", composite: [], casing: "none" },
    },
  },
});
