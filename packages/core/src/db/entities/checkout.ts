import type { EntityItem } from "electrodb";
import { visit } from "../schemas/visit";
import { LazyEntity, cfg, timestamps } from "./model";
import { bundleSnapshotAttribute } from "./bundle-items";

/**
 * Payloft's record of a checkout it created (rule: Our checkouts only), keyed by the provider's checkout id
 * (Stripe Checkout Session, PayPal order). What is charged (amount, currency) and what is sold
 * (product snapshot, plan) are decided here when the checkout is created; fulfilment reads them
 * from here, never from provider metadata. See core/src/checkout/record.ts.
 */
export const CheckoutEntity = new LazyEntity(
  {
    model: { entity: "checkout", version: "1", service: "payloft" },
    attributes: {
      session_id: { type: "string", required: true },
      /** lifetime: the platform's one-time deal (older records say plan + plan "lifetime"). */
      kind: { type: ["product", "plan", "lifetime", "membership"] as const, required: true },
      /** free: a free claim (checkout/claim.ts), which no provider takes money for. */
      provider: { type: ["stripe", "paypal", "free"] as const, required: true, default: "stripe" },
      product_id: { type: "string" },
      creator_id: { type: "string" },
      user_id: { type: "string" },
      plan: { type: "string" },
      /** membership: the tier id, interval (month, quarter, year) and trial it was started with. */
      tier: { type: "string" },
      interval: { type: "string" },
      trial_days: { type: "number" },
      billing_cycle: { type: "string" },
      /** cents: exactly what the buyer is asked to pay (after a discount code, or a pay-what-you-want amount) */
      amount: { type: "number" },
      /** cents: the product's price when the checkout began */
      list_price: { type: "number" },
      /** The discount code applied (upper-case), if any. */
      discount_code: { type: "string" },
      currency: { type: "string", required: true, default: "usd" },
      /** The provider was asked to add tax on top of `amount` (the seller's Stripe Tax setting). */
      automatic_tax: { type: "boolean" },
      /** When the provider stops taking payment for it (not `expires_at`: that is the table's TTL). */
      session_expires_at: { type: "string" },
      /** A signed-in buyer's e-mail, when known at checkout. */
      buyer_email: { type: "string" },
      /** The affiliate whose link the buyer followed, and their commission rate then (core/src/affiliate/referral.ts). */
      affiliate_id: { type: "string" },
      affiliate_percent: { type: "number" },
      /** What was sold, as it was when the checkout began (rule: Paid means delivered). */
      product_snapshot: {
        type: "map",
        properties: {
          name: { type: "string", required: true },
          description: { type: "string", required: true },
          price: { type: "number", required: true },
          // A link or a hosted file (bucket key and its name), and whether keys are issued.
          content_url: { type: "string" },
          content_file: { type: "string" },
          content_file_name: { type: "string" },
          license_keys: { type: "boolean" },
          creator_name: { type: "string", required: true },
          bundle_items: bundleSnapshotAttribute,
        },
      },
      /**
       * Several things sold in one payment (an order bump, a cart): one line each, its own amount
       * and snapshot; fulfilment records one purchase per line (core/src/purchase/order.ts). Absent
       * on a checkout of one product, whose `product_id`, `amount` and `product_snapshot` say it all.
       */
      line_items: {
        type: "list",
        items: {
          type: "map",
          properties: {
            product_id: { type: "string", required: true },
            /** minor units: what this line charges, net of tax */
            amount: { type: "number", required: true },
            list_price: { type: "number", required: true },
            /** The code applied to this line, when it covered it. */
            discount_code: { type: "string" },
            /** "bump": the order bump offered under the main product. */
            role: { type: "string" },
            product_snapshot: {
              type: "map",
              required: true,
              properties: {
                name: { type: "string", required: true },
                description: { type: "string", required: true },
                price: { type: "number", required: true },
                content_url: { type: "string" },
                content_file: { type: "string" },
                content_file_name: { type: "string" },
                license_keys: { type: "boolean" },
                creator_name: { type: "string", required: true },
                bundle_items: bundleSnapshotAttribute,
              },
            },
          },
        },
      },
      /** Set once when the payment was refunded or disputed (a late "paid" event then changes nothing). */
      reversed_at: { type: "string" },
      /** The provider's own id for it when the key is Payloft's (PayPal: the order id). */
      provider_ref: { type: "string" },
      /**
       * The seller's credentials it was created with (IntegrationItem.stripe_credential_id or
       * paypal_credential_id): confirming it uses those, even after the seller changed or removed
       * them (RetiredCredentialEntity). Absent on records made before credentials were named.
       */
      credential_id: { type: "string" },
      /** The discount use reserved for it: consumed when it is paid, given back when it is closed unpaid. */
      discount_reservation: {
        type: "map",
        properties: {
          discount_id: { type: "string", required: true },
          id: { type: "string", required: true },
          holder: { type: "string" },
          /** The reservation's partition (discount/shards.ts); absent: made before sharding. */
          shard: { type: "string" },
        },
      },
      /** Set once when it was closed unpaid (the provider's deadline passed): its discount use was given back. */
      closed_at: { type: "string" },
      /** The sales-page visit it began from, when the page said (its sale is credited there). */
      ...visit,
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["session_id"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
    },
  },
  cfg(),
);

export type CheckoutItem = EntityItem<typeof CheckoutEntity>;
