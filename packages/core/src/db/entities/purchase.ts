import type { EntityItem } from "electrodb";
import { itemSchema } from "../schemas/define";
import { hashShard } from "../shards";
import { visit } from "../schemas/visit";
import { LazyEntity, cfg, timestamps } from "./model";
import { bundleDeliveryAttribute } from "./bundle-items";

/**
 * A completed purchase. Its id IS the checkout session id, so a conditional create makes
 * fulfilment exactly-once. By creator (sales history): gsi1. By buyer e-mail (portal): gsi2.
 * All sales (admin, the recount): gsi3, in 16 partitions (purchase/all.ts reads them merged).
 * Names are snapshots so deleted products/users keep their sales.
 */

/**
 * Which of the platform-wide index's 16 partitions a purchase is in: a hex digit of its id's
 * hash. Every write of any purchase writes that index, and one partition takes 1,000 write
 * units a second (docs/scale.md): the launch benchmark's first throttles were there.
 */
export const purchaseShardOf = hashShard;

const purchaseSchema = itemSchema({
  model: { entity: "purchase", version: "1", service: "payloft" },
  attributes: {
    id: { type: "string", required: true },
    product_id: { type: "string", required: true },
    product_name: { type: "string", required: true },
    product_description: { type: "string", default: "" },
    /** Snapshot of what was sold: the content link, or the hosted file's key and name. */
    content_url: { type: "string" },
    content_file: { type: "string" },
    content_file_name: { type: "string" },
    /** A product sold with licence keys: this purchase's key, how often it was verified, and whether its creator disabled it. */
    license_key: { type: "string" },
    license_uses: { type: "number" },
    license_disabled: { type: "boolean" },
    /** A bundle's items as sold, each with its own access link token and licence key (rule: Bundles). */
    bundle_items: bundleDeliveryAttribute,
    creator_id: { type: "string", required: true },
    creator_name: { type: "string", default: "" },
    customer_email: { type: "string", required: true },
    /** The buyer's name as the provider reported it (cardholder, PayPal account); absent when unknown. */
    customer_name: { type: "string" },
    customer_user_id: { type: "string" },
    /** cents */
    amount: { type: "number", required: true },
    currency: { type: "string", required: true, default: "usd" },
    /** cents: tax the provider collected on top of `amount` (Stripe Tax); absent means none. Not revenue. */
    tax: { type: "number" },
    /**
     * 1: this purchase's figures (counters, daily and traffic items, the product's) are added and
     * taken back by the figures fold from the table's stream (core/src/tally), not by the write
     * itself; set when it is recorded and again when it is reversed. Purchases recorded before the
     * fold existed were counted in their own transaction, so their sale is not counted again.
     */
    tally: { type: "number" },
    /** The sale made its buyer a new customer of the seller (the seller's customers figure). */
    new_customer: { type: "boolean" },
    /**
     * One payment for several purchases (an order bump, a cart): the order's id (its checkout's,
     * also the id of its first purchase) and how many purchases it made. Absent on a purchase
     * that was its payment's only one: its order is itself.
     */
    order_id: { type: "string" },
    order_size: { type: "number" },
    /** The affiliate who brought the sale, their e-mail then, and their commission in minor units of `currency`. */
    affiliate_id: { type: "string" },
    affiliate_email: { type: "string" },
    commission: { type: "number" },
    /** refunded and disputed both revoke access and take the sale out of the figures, once. */
    status: { type: ["completed", "refunded", "disputed"] as const, required: true, default: "completed" },
    provider: { type: "string", required: true, default: "stripe" },
    payment_intent: { type: "string" },
    /** Set (conditionally) when the receipt e-mail is claimed, so retries never send a second one. */
    receipt_sent_at: { type: "string" },
    refunded_at: { type: "string" },
    disputed_at: { type: "string" },
    /** Set (conditionally) when the seller's dispute e-mail is claimed, so it goes out once. */
    dispute_notice_sent_at: { type: "string" },
    /** Set (conditionally) when the buyer's refund or dispute notice is claimed, so it goes out once. */
    reversal_notice_sent_at: { type: "string" },
    access_count: { type: "number", required: true, default: 0 },
    last_accessed_at: { type: "string" },
    /** The access link's token (AccessLinkEntity); set once, lazily for older purchases. */
    access_token: { type: "string" },
    /** A membership's charge: its membership (MembershipEntity id); access lasts while the membership does. */
    membership_id: { type: "string" },
    /** A membership's charge after its first sale (Sales History tags it). */
    renewal: { type: "boolean" },
    /** What such a charge paid for (absent on sales recorded before it: read `renewal`); for a plan change, the plan it moved to. */
    charge_kind: { type: ["renewal", "plan_change"] as const },
    plan_name: { type: "string" },
    /** The visit its checkout began from (traffic analytics), copied from the checkout record. */
    ...visit,
    ...timestamps,
    /** purchaseShardOf(id), set from the id when the purchase is written: its gsi3 partition. */
    all_shard: {
      type: "string",
      watch: ["id"],
      set: (_: unknown, item: { id?: string }) => (item.id ? purchaseShardOf(item.id) : undefined),
    },
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
    byCustomer: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["customer_email"], casing: "none" },
      sk: { field: "gsi2sk", composite: ["created_at"], casing: "none" },
    },
    all: {
      index: "gsi3",
      pk: { field: "gsi3pk", composite: ["all_shard"], casing: "none" },
      // The id after the time: one order's purchases share their time, and pages cut between them exactly.
      sk: { field: "gsi3sk", composite: ["created_at", "id"], casing: "none" },
    },
  },
});

export const PurchaseEntity = new LazyEntity(purchaseSchema, cfg());

/**
 * Purchases written before the index was sharded are in one partition (`$payloft`), sorted by
 * time only; read there too (purchase/all.ts) until they are rewritten. Reads only.
 */
export const LegacyPurchaseEntity = new LazyEntity(
  itemSchema({
    ...purchaseSchema,
    indexes: {
      ...purchaseSchema.indexes,
      all: {
        index: "gsi3",
        pk: { field: "gsi3pk", composite: [], casing: "none" },
        sk: { field: "gsi3sk", composite: ["created_at"], casing: "none" },
      },
    },
  }),
  cfg(),
);

export type PurchaseItem = EntityItem<typeof PurchaseEntity>;
