import type { EntityItem } from "electrodb";
import { LazyEntity, cfg, timestamps } from "./model";

/**
 * A buyer's membership of a recurring product: one subscription at the seller's provider (its id
 * is the provider's subscription id, so every event about it finds it without a mapping). Its
 * state is what the provider last said, applied in the provider's own time order
 * (`provider_time`, core/src/membership/state.ts); `ended` is final. By creator (members list):
 * gsi1. By buyer e-mail (portal): gsi2. By interval and period end (the renewal reminders,
 * membership/reminders.ts): gsi3, one partition per interval; every write that changes either
 * (the start, each applied state) writes both, so the index always holds the current period.
 */
export const MembershipEntity = new LazyEntity(
  {
    model: { entity: "membership", version: "1", service: "payloft" },
    attributes: {
      id: { type: "string", required: true },
      provider: { type: ["stripe", "paypal"] as const, required: true, default: "stripe" },
      creator_id: { type: "string", required: true },
      product_id: { type: "string", required: true },
      product_name: { type: "string", required: true },
      /** The checkout it began with, which is also the id of its first sale (the purchase holding the access link). */
      checkout_id: { type: "string", required: true },
      purchase_id: { type: "string", required: true },
      customer_email: { type: "string", required: true },
      customer_user_id: { type: "string" },
      tier: { type: "string", required: true },
      tier_name: { type: "string" },
      interval: { type: ["month", "quarter", "year"] as const, required: true },
      /** cents: what the next period costs, in `currency`. */
      amount: { type: "number", required: true },
      currency: { type: "string", required: true },
      status: { type: ["trialing", "active", "past_due", "canceled", "ended"] as const, required: true },
      /** ISO: the end of the period paid for (or of the trial); a canceled membership keeps access until then. */
      current_period_end: { type: "string", required: true },
      cancel_at_period_end: { type: "boolean", default: false },
      /** Unix seconds of the provider event the state above comes from, or x.5 for an action's answer (membership/manage.ts answeredAt); older news is ignored. */
      provider_time: { type: "number", required: true },
      /** The affiliate who brought the member and their rate then (the checkout's snapshot): each charge credits them. */
      affiliate_id: { type: "string" },
      affiliate_percent: { type: "number" },
      canceled_at: { type: "string" },
      ended_at: { type: "string" },
      /** A change of plan under way (membership/change-claim.ts): who holds it, and until when (epoch ms). */
      change_claim: { type: "string" },
      change_claim_until: { type: "number" },
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
      byCustomer: {
        index: "gsi2",
        pk: { field: "gsi2pk", composite: ["customer_email"], casing: "none" },
        sk: { field: "gsi2sk", composite: ["created_at"], casing: "none" },
      },
      byPeriodEnd: {
        index: "gsi3",
        pk: { field: "gsi3pk", composite: ["interval"], casing: "none" },
        sk: { field: "gsi3sk", composite: ["current_period_end"], casing: "none" },
      },
    },
  },
  cfg(),
);

export type MembershipItem = EntityItem<typeof MembershipEntity>;
