import type Stripe from "stripe";
import type { MembershipState } from "../bus/events";
import type { Interval } from "../product/tiers";
import type * as z from "zod/mini";

/**
 * A Stripe subscription of a Payloft membership, read as our provider-neutral state. Payloft's
 * own subscriptions carry `metadata.kind = "membership"` with the product, seller, tier and
 * interval (checkout/membership.ts); a seller's other subscriptions are none of ours.
 */
export type State = z.infer<typeof MembershipState>;

export interface Ours {
  product_id: string;
  creator_id: string;
  state: State;
}

const INTERVALS = new Set<string>(["month", "quarter", "year"]);
const ENDED = new Set<string>(["canceled", "incomplete_expired"]);
const OWING = new Set<string>(["past_due", "unpaid", "incomplete"]);

export const subscriptionIdOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : v?.id);

/** Our state of a subscription, or null when the subscription is not a Payloft membership of `sellerId`. */
export function membershipOf(sub: Stripe.Subscription, sellerId: string): Ours | null {
  const meta = sub.metadata ?? {};
  if (meta.kind !== "membership" || meta.creator_id !== sellerId || !meta.product_id) return null;
  const item = sub.items?.data?.[0];
  const price = item?.price;
  // The tier and interval of the Price billed now (a change moves the subscription to another Price).
  const tier = price?.metadata?.tier || meta.tier;
  const interval = price?.metadata?.interval || meta.interval;
  if (!tier || !interval || !INTERVALS.has(interval)) return null;
  const periodEnd = sub.status === "trialing" && sub.trial_end ? sub.trial_end : (item?.current_period_end ?? 0);
  let status: State["status"];
  if (ENDED.has(sub.status)) status = "ended";
  else if (OWING.has(sub.status)) status = "past_due";
  else if (sub.cancel_at_period_end) status = "canceled";
  else status = sub.status === "trialing" ? "trialing" : "active";
  return {
    product_id: meta.product_id,
    creator_id: meta.creator_id,
    state: {
      status,
      current_period_end: periodEnd,
      cancel_at_period_end: !!sub.cancel_at_period_end,
      amount: (price?.unit_amount ?? 0) * (item?.quantity ?? 1),
      currency: (price?.currency ?? "usd").toLowerCase(),
      tier,
      interval: interval as Interval,
      ...(sub.ended_at ? { ended_at: sub.ended_at } : {}),
      ...(sub.canceled_at ? { canceled_at: sub.canceled_at } : {}),
    },
  };
}
