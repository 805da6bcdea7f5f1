import { itemSchema } from "./define";
import { timestamps } from "./timestamps";

/** The plain schema of product items (no ElectroDB import: db/lean reads them too); entities/product.ts builds the entity from it. */
export const productSchema = itemSchema({
  model: { entity: "product", version: "1", service: "payloft" },
  attributes: {
    id: { type: "string", required: true },
    creator_id: { type: "string", required: true },
    name: { type: "string", required: true },
    headline: { type: "string", default: "" },
    subheadline: { type: "string", default: "" },
    description: { type: "string", default: "" },
    /** cents; the minimum when the buyer may pay what they want */
    price: { type: "number", required: true },
    /** Lower-case ISO 4217 (core/src/currency); absent on products from before currencies: usd. */
    currency: { type: "string" },
    /** What buyers receive: a link (content_url) or a hosted file (content_file, a bucket key). */
    content_url: { type: "string" },
    content_file: { type: "string" },
    content_file_name: { type: "string" },
    content_file_size: { type: "number" },
    /** Each purchase gets its own licence key (software sellers verify it through the API). */
    license_keys: { type: "boolean", default: false },
    pay_what_you_want: { type: "boolean", required: true, default: false },
    /**
     * Another of the creator's one-time products offered under the Buy button at `price` (minor
     * units of this product's currency): checkout adds it as a second line (product/order-bump.ts).
     */
    order_bump: {
      type: "map",
      properties: { product_id: { type: "string", required: true }, price: { type: "number", required: true } },
    },
    /** cents; pre-filled amount of a pay-what-you-want product (at least price) */
    suggested_price: { type: "number" },
    /** Memberships (product/billing.ts): absent on products from before them, which are one_time. */
    billing: { type: ["one_time", "recurring"] as const },
    /** A recurring product's tiers, each with a price per interval in minor units of `currency`. */
    tiers: {
      type: "list",
      items: {
        type: "map",
        properties: {
          id: { type: "string", required: true },
          name: { type: "string", required: true },
          description: { type: "string" },
          prices: {
            type: "list",
            required: true,
            items: {
              type: "map",
              properties: {
                interval: { type: ["month", "quarter", "year"] as const, required: true },
                amount: { type: "number", required: true },
              },
            },
          },
        },
      },
    },
    trial_days: { type: "number" },
    /** A bundle (product/bundle.ts) sells its items at its own price; absent on products from before bundles: standard. */
    type: { type: ["standard", "bundle"] as const },
    /** A bundle's items: 2 to 20 of its creator's own one-time products, in the bundle's currency. */
    bundle_product_ids: { type: "list", items: { type: "string" } },
    /** Memberships not yet ended (trialing, active, past_due, canceled before its end): kept by core/src/membership. */
    member_count: { type: "number" },
    media_type: { type: ["none", "image", "youtube", "video", "embed"] as const, required: true, default: "none" },
    media_url: { type: "string", default: "" },
    is_active: { type: "boolean", required: true, default: true },
    moderation_status: {
      type: ["pending", "under_review", "approved", "rejected"] as const,
      required: true,
      default: "approved",
    },
    moderation_notes: { type: "string" },
    moderated_by: { type: "string" },
    moderated_at: { type: "string" },
    /** Switched off because an admin deactivated the owner; reactivation switches it back on. */
    paused_with_owner: { type: "boolean" },
    sales_count: { type: "number", required: true, default: 0 },
    /** cents */
    total_revenue: { type: "number", required: true, default: 0 },
    view_count: { type: "number", required: true, default: 0 },
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
    byStatus: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["moderation_status"], casing: "none" },
      sk: { field: "gsi2sk", composite: ["created_at"], casing: "none" },
    },
    all: {
      index: "gsi3",
      pk: { field: "gsi3pk", composite: [], casing: "none" },
      sk: { field: "gsi3sk", composite: ["created_at"], casing: "none" },
    },
  },
});
