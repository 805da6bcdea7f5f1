import type { CheckoutItem, PurchaseItem } from "../db/entities";
import { paypalForCheckout } from "../integration/credentials";
import { logger } from "../log/index";
import { valueToCents, type PayPalCredentials } from "../paypal/client";
import { paypalBilling, type Plan, type Subscription } from "../paypal/billing";
import { purchaseById } from "../purchase/records";
import type { Interval } from "../product/tiers";
import { recordStart } from "./record-start";
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
  if (!price || !record.tier || !record.interval) return null;
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
    tier: record.tier,
    interval: record.interval as Interval,
  };
}

/** The subscription and its plan as PayPal has them now. */
export async function readPayPal(creds: PayPalCredentials, subscriptionId: string) {
  const billing = paypalBilling(creds);
  const sub = await billing.getSubscription(subscriptionId);
  return { sub, plan: await billing.getPlan(sub.plan_id), billing };
}

/**
 * A PayPal membership checkout was approved: PayPal is asked (through the app the checkout was
 * made with) for the subscription the record names; it must carry the record's id and bill
 * the record's amount and currency at its interval. The first sale is what PayPal charged at
 * activation: the first regular cycle, or nothing in a trial.
 */
export async function startFromPayPal(
  record: CheckoutItem,
  opts: { afterSteps?: boolean } = {},
): Promise<PurchaseItem | null> {
  if (!record.provider_ref) return null;
  const creds = await paypalForCheckout(record);
  if (!creds) return null;
  const { sub, plan } = await readPayPal(creds, record.provider_ref);
  const state = paypalStateOf(sub, plan, record);
  if (!state) return null;
  const frequency = regularOf(plan)?.frequency;
  const wanted = PAYPAL_FREQUENCY[record.interval as Interval];
  if (
    sub.custom_id !== record.session_id ||
    state.amount !== record.amount ||
    state.currency !== record.currency ||
    frequency?.interval_unit !== wanted?.interval_unit ||
    frequency?.interval_count !== wanted?.interval_count
  ) {
    logger.error("a PayPal membership does not match what Payloft asked for; not recorded", {
      checkoutId: record.session_id,
      subscription: sub.id,
    });
    return null;
  }
  const existing = await purchaseById(record.session_id, { consistent: true });
  if (existing) return existing;
  return recordStart(record, {
    id: sub.id,
    provider: "paypal",
    email: (sub.subscriber?.email_address ?? record.buyer_email ?? "").trim().toLowerCase(),
    state,
    providerTime: unixOf(sub.start_time ?? sub.create_time),
    firstAmount: hasTrial(plan) ? 0 : state.amount,
    afterSteps: opts.afterSteps,
  });
}
