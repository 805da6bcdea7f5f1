import type { EntityItem } from "electrodb";
import { LazyEntity, cfg } from "./model";

/**
 * One sales-page view (POST /api/public/products/{id}/view): an item of its own, so a viral page
 * writes many small items instead of one hot one. The table's stream carries it to the figures
 * fold (core/src/tally), which counts it on the product, the seller's figures and traffic items
 * exactly once; DynamoDB deletes it three days later (`expires_at`, the table's TTL), long after
 * the stream (24 hours) can deliver it again.
 */
export const ViewEntity = new LazyEntity(
  {
    model: { entity: "view", version: "1", service: "payloft" },
    attributes: {
      id: { type: "string", required: true },
      product_id: { type: "string", required: true },
      creator_id: { type: "string", required: true },
      /** YYYY-MM-DD (UTC): the day the view counts on. */
      date: { type: "string", required: true },
      /** Where the visit came from (traffic/source.ts), one value per report dimension. */
      source: { type: "string", required: true },
      referrer: { type: "string", required: true },
      campaign: { type: "string", required: true },
      /** Epoch seconds: the table's TTL. */
      expires_at: { type: "number", required: true },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["id"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
    },
  },
  cfg(),
);

export type ViewItem = EntityItem<typeof ViewEntity>;
