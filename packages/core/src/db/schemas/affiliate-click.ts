import { itemSchema } from "./define";
/**
 * One click on an affiliate's link (/r/{code} or ?ref= on a creator's page): an item of its own,
 * like a sales-page view, so a shared link never writes one hot item. The table's stream carries
 * it to the figures fold (core/src/tally), which counts it on the affiliate's counter exactly once;
 * DynamoDB deletes it three days later (`expires_at`, the table's TTL). Plain schema (no ElectroDB
 * import): the page Lambda writes it through db/lean.
 */
export const affiliateClickSchema = itemSchema({
  model: { entity: "affiliateclick", version: "1", service: "payloft" },
  attributes: {
    id: { type: "string", required: true },
    affiliate_id: { type: "string", required: true },
    creator_id: { type: "string", required: true },
    /** Epoch seconds: the table's TTL. */
    expires_at: { type: "number", required: true },
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["id"], casing: "none" },
      sk: { field: "sk", composite: [], casing: "none" },
    },
  },
});
