import { itemSchema } from "./define";
import { timestamps } from "./timestamps";

/** The plain schema of affiliates (no ElectroDB import: db/lean reads them for ?ref on the page Lambda); entities/affiliate.ts builds the entity from it. */
export const affiliateSchema = itemSchema({
  model: { entity: "affiliate", version: "1", service: "payloft" },
  attributes: {
    id: { type: "string", required: true },
    creator_id: { type: "string", required: true },
    /** The invited address, lower-case: whoever signs in with it may accept. */
    email: { type: "string", required: true },
    /** Set when the invitation is accepted. */
    user_id: { type: "string" },
    code: { type: "string", required: true },
    /** Whole percent, 1–75, of what the buyer paid. */
    commission_percent: { type: "number", required: true },
    /** true: every product of the creator; else only `product_ids`. */
    all_products: { type: "boolean", required: true, default: true },
    product_ids: { type: "list", items: { type: "string" }, required: true, default: () => [] },
    status: {
      type: ["invited", "declined", "active", "paused", "removed"] as const,
      required: true,
      default: "invited",
    },
    /** Where the creator sends this affiliate's money (PayPal Payouts), set by the affiliate. */
    paypal_email: { type: "string" },
    responded_at: { type: "string" },
    /**
     * What the creator recorded as paid ("Mark as paid"), oldest first: appended in the same
     * transaction that moves the counter's paid figure. A few a month at most, so the item
     * stays small for years.
     */
    payouts: {
      type: "list",
      items: {
        type: "map",
        properties: {
          amount: { type: "number", required: true },
          currency: { type: "string", required: true },
          paid_at: { type: "string", required: true },
          note: { type: "string" },
        },
      },
    },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["id"], casing: "none" },
      sk: { field: "sk", composite: [], casing: "none" },
    },
    byCreator: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["creator_id"], casing: "none" },
      sk: { field: "gsi1sk", composite: ["created_at"], casing: "none" },
    },
    byEmail: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["email"], casing: "none" },
      sk: { field: "gsi2sk", composite: ["created_at"], casing: "none" },
    },
  },
});
