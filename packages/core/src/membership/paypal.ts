import { createHash } from "node:crypto";
import { MembershipEntity, type CheckoutItem } from "../db/entities";
import { valueToCents, type PayPalCredentials } from "../paypal/client";
import { paypalBilling, type Plan, type Subscription } from "../paypal/billing";
import type { Interval } from "../product/tiers";
import type { State } from "./stripe";

/**
 * A PayPal subscription of a Payloft membership, read as the provider-neutral state the Stripe
 * side applies (./state.ts applyState). Payloft's subscriptions carry its checkout id as
 * `custom_id`; the checkout record says the product, tier and interval, the plan the price.
 *
 * PayPal has no "cancel at the period's end": Payloft sets the regular cycle's total_cycles to the
 * cycles already paid, so PayPal charges no more and EXPIRES the subscription when the period
 * ends (BILLING.SUBSCRIPTION.EXPIRED); a total of 0 (no end) resumes it. So:
 *  ACTIVE with a balance owed → past_due; ACTIVE with a finite regular cycle → canceled;
 *  ACTIVE before the first regular cycle → trialing; ACTIVE → active; SUSPENDED (PayPal's
 *  answer to failed payments) → past_due; CANCELLED or EXPIRED → ended.
 */
export const unixOf = (iso: string | undefined) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Math.floor((Number.isNaN(t) ? Date.now() : t) / 1000);
};

/** A catalog product id PayPal takes (6–50 of [A-Za-z0-9_-]) that is ours, derived, so no mapping is stored. */
export const catalogIdOf = (productId: string) =>
  `PAYLOFT-${createHash("sha256").update(productId).digest("hex").slice(0, 32)}`;

/**
 * The tier and interval a plan bills, from the key Payloft wrote in its description when it
 * created it (checkout/paypal-membership.ts planKey) on this product's catalog entry; otherwise
 * the checkout's. After a plan change (a revision the buyer approved) the subscription's plan is
 * the new one; what the buyer asked for never decides it, only the plan PayPal bills.
 */
const PLAN_KEY = /^payloft:([a-z0-9][a-z0-9_-]{0,39}):(month|quarter|year):/;
export function planChoiceOf(plan: Plan, record: CheckoutItem): { tier: string; interval: Interval } | null {
  const key = PLAN_KEY.exec(plan.description ?? "");
  if (key && record.product_id && plan.product_id === catalogIdOf(record.product_id))
    return { tier: key[1]!, interval: key[2] as Interval };
  return record.tier && record.interval ? { tier: record.tier, interval: record.interval as Interval } : null;
}

/** PayPal's frequency for ours: a quarter is three months. */
export const PAYPAL_FREQUENCY: Record<Interval, { interval_unit: "MONTH" | "YEAR"; interval_count: number }> = {
  month: { interval_unit: "MONTH", interval_count: 1 },
  quarter: { interval_unit: "MONTH", interval_count: 3 },
  year: { interval_unit: "YEAR", interval_count: 1 },
};

export const regularOf = (plan: Plan) => plan.billing_cycles.find((c) => c.tenure_type === "REGULAR");
export const hasTrial = (plan: Plan) => plan.billing_cycles.some((c) => c.tenure_type === "TRIAL");

/** The regular cycle's execution: its sequence, cycles paid and total (0: no end). */
export function regularExecution(sub: Subscription) {
  const runs = sub.billing_info?.cycle_executions ?? [];
  return runs.find((c) => c.tenure_type === "REGULAR");
}

/** Our state of a subscription, or null when it has not started (still waiting for approval). */
export function paypalStateOf(sub: Subscription, plan: Plan, record: CheckoutItem): State | null {
  const price = regularOf(plan)?.pricing_scheme?.fixed_price;
  const choice = planChoiceOf(plan, record);
  if (!price || !choice) return null;
  if (sub.status === "APPROVAL_PENDING" || sub.status === "APPROVED") return null;
  const regular = regularExecution(sub);
  const owed = sub.billing_info?.outstanding_balance;
  const owing = owed ? valueToCents(owed.value, owed.currency_code) > 0 : false;
  let status: State["status"];
  if (sub.status === "CANCELLED" || sub.status === "EXPIRED") status = "ended";
  else if (sub.status === "SUSPENDED" || owing) status = "past_due";
  else if (regular && regular.total_cycles) status = "canceled";
  else status = hasTrial(plan) && !regular?.cycles_completed ? "trialing" : "active";
  const next = sub.billing_info?.next_billing_time;
  return {
    status,
    current_period_end: unixOf(next ?? sub.status_update_time),
    cancel_at_period_end: status === "canceled",
    amount: valueToCents(price.value, price.currency_code),
    currency: price.currency_code.toLowerCase(),
    tier: choice.tier,
    interval: choice.interval,
    // PayPal's time of the change of status is the end's own time.
    ...(status === "ended" && sub.status_update_time ? { ended_at: unixOf(sub.status_update_time) } : {}),
  };
}

/** The subscription and its plan as PayPal has them now. */
export async function readPayPal(creds: PayPalCredentials, subscriptionId: string) {
  const billing = paypalBilling(creds);
  const sub = await billing.getSubscription(subscriptionId);
  return { sub, plan: await billing.getPlan(sub.plan_id), billing };
}

/** The plan held for a membership and as of when (provider_time), for telling a plan change from a resend. */
export async function heldPlan(id: string) {
  const m = (await MembershipEntity.get({ id }).go({ consistent: true })).data;
  return m ? { tier: m.tier, interval: m.interval, provider_time: m.provider_time } : null;
}
