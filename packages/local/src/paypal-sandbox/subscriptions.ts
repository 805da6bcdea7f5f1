import { addInterval } from "../stripe-sandbox/prices";
import { invalidRequest, unprocessable } from "./errors";
import { planPrice } from "./catalog";
import { fromMinor } from "./orders";
import { paypalId, present, type Json, type Merchant, type PayPalObject } from "./store";
import type { PayPal } from "./context";

/**
 * Subscriptions API v1: a subscription to an ACTIVE plan waits for the buyer's approval on the
 * hosted page (APPROVAL_PENDING), then runs its plan's cycles on the sandbox's billing clock:
 * each cycle with a price is a sale (PAYMENT.SALE.COMPLETED); when the last finite cycle is done
 * the subscription EXPIRES. A buyer whose PayPal e-mail starts with "decline" approves, then
 * every charge fails (BILLING.SUBSCRIPTION.PAYMENT.FAILED, retried after 5 days; at the plan's
 * payment_failure_threshold the subscription is SUSPENDED), like Stripe's 4000 0000 0000 0341.
 */
export const DECLINING_BUYER = "decline";
const RETRY_SECONDS = 5 * 86_400;
const UNIT: Record<string, string> = { DAY: "day", WEEK: "week", MONTH: "month", YEAR: "year" };

const intervalOf = (cycle: Json) => ({
  interval: UNIT[cycle.frequency.interval_unit]!,
  interval_count: cycle.frequency.interval_count,
});
const isHttpUrl = (v: unknown) => {
  try {
    return typeof v === "string" && /^https?:$/.test(new URL(v).protocol);
  } catch {
    return false;
  }
};

export function createSubscription(pp: PayPal, m: Merchant, body: Json): PayPalObject {
  const plan = typeof body.plan_id === "string" ? m.plans[body.plan_id] : undefined;
  if (!plan) throw unprocessable("INVALID_RESOURCE_ID", "Requested resource ID was not found.");
  if (plan.status !== "ACTIVE")
    throw unprocessable(
      "PLAN_STATUS_INVALID",
      "Invalid plan status for subscribe action; plan status should be active.",
    );
  if (body.custom_id !== undefined && (typeof body.custom_id !== "string" || body.custom_id.length > 127))
    throw invalidRequest("INVALID_STRING_MAX_LENGTH", "custom_id is at most 127 characters.", "/custom_id");
  const ctx = body.application_context ?? {};
  for (const f of ["return_url", "cancel_url"]) {
    if (ctx[f] !== undefined && !isHttpUrl(ctx[f]))
      throw invalidRequest("INVALID_PARAMETER_SYNTAX", `${f} must be a URL.`, `/application_context/${f}`);
  }
  if (body.quantity !== undefined && String(body.quantity) !== "1")
    throw unprocessable("QUANTITY_NOT_SUPPORTED", "This plan does not support quantity.");
  const id = paypalId(12, "I-");
  const ba = paypalId(17, "BA-");
  const now = pp.store.billingIso();
  const cycles = structuredClone(plan.billing_cycles) as Json[];
  m.subscriptions[id] = {
    id,
    plan_id: plan.id,
    status: "APPROVAL_PENDING",
    status_update_time: now,
    start_time: now,
    quantity: "1",
    ...(body.custom_id ? { custom_id: body.custom_id } : {}),
    plan_overridden: false,
    create_time: now,
    update_time: now,
    links: [
      { href: `${pp.baseUrl}/webapps/billing/subscriptions?ba_token=${ba}`, rel: "approve", method: "GET" },
      { href: `${pp.baseUrl}/v1/billing/subscriptions/${id}`, rel: "edit", method: "PATCH" },
      { href: `${pp.baseUrl}/v1/billing/subscriptions/${id}`, rel: "self", method: "GET" },
    ],
    _ba_token: ba,
    _cycles: cycles,
    _completed: cycles.map(() => 0),
    _cycle: 0,
    _next: null,
    _retry_at: null,
    _outstanding: 0,
    _failed: 0,
    _currency: cycles.find((c) => c.pricing_scheme)?.pricing_scheme.fixed_price.currency_code ?? "USD",
    _threshold: plan.payment_preferences.payment_failure_threshold,
    _return_url: ctx.return_url ?? null,
    _cancel_url: ctx.cancel_url ?? null,
    _brand_name: ctx.brand_name ?? null,
    _subscriber_email: body.subscriber?.email_address ?? null,
  };
  pp.store.changed();
  return m.subscriptions[id]!;
}

const money = (minor: number, currency: string) => ({ currency_code: currency, value: fromMinor(minor, currency) });

/** The subscription as GET /v1/billing/subscriptions/:id answers it. */
export function showSubscription(pp: PayPal, s: PayPalObject): PayPalObject {
  const cycles = s._cycles as Json[];
  const running = s.status === "ACTIVE" || s.status === "SUSPENDED";
  const started = s.status !== "APPROVAL_PENDING" && s.status !== "APPROVED";
  const out = present(s);
  if (started)
    out.billing_info = {
      outstanding_balance: money(s._outstanding, s._currency),
      cycle_executions: cycles.map((c, i) => ({
        tenure_type: c.tenure_type,
        sequence: c.sequence,
        cycles_completed: s._completed[i],
        cycles_remaining: c.total_cycles === 0 ? 0 : Math.max(0, c.total_cycles - s._completed[i]),
        total_cycles: c.total_cycles,
      })),
      ...(s._last_payment ? { last_payment: s._last_payment } : {}),
      ...(s._last_failed ? { last_failed_payment: s._last_failed } : {}),
      ...(running && s._next ? { next_billing_time: pp.store.billingIso(s._next) } : {}),
      failed_payments_count: s._failed,
    };
  if (s.status !== "APPROVAL_PENDING") out.links = out.links.filter((l: Json) => l.rel !== "approve");
  return out;
}

/** The buyer approved on the hosted page: the subscription starts and its first cycle runs now. */
export function approveSubscription(pp: PayPal, m: Merchant, s: PayPalObject, email: string) {
  if (s.status !== "APPROVAL_PENDING")
    throw unprocessable("SUBSCRIPTION_STATUS_INVALID", `This subscription is ${String(s.status).toLowerCase()}.`);
  const [given, ...rest] = email.split("@")[0]!.split(/[._-]/);
  const now = pp.store.billingNow();
  s.subscriber = {
    email_address: email,
    payer_id: paypalId(13),
    name: { given_name: cap(given || "Sandbox"), surname: cap(rest.join(" ") || "Buyer") },
  };
  s._declines = email.toLowerCase().startsWith(DECLINING_BUYER);
  setStatus(pp, s, "ACTIVE", now);
  s.start_time = pp.store.billingIso(now);
  pp.events.emit(m, "BILLING.SUBSCRIPTION.ACTIVATED", showSubscription(pp, s));
  runCycle(pp, m, s, now);
}
const cap = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);

export function setStatus(pp: PayPal, s: PayPalObject, status: string, at = pp.store.billingNow()) {
  s.status = status;
  s.status_update_time = s.update_time = pp.store.billingIso(at);
  pp.store.changed();
}

/**
 * The cycle due at `at`: past the cycles whose count is done; none left, the subscription
 * EXPIRES. A priced cycle is charged (a sale, or a failure left outstanding); either way the
 * cycle counts and the next billing time moves one interval on.
 */
function runCycle(pp: PayPal, m: Merchant, s: PayPalObject, at: number) {
  const cycles = s._cycles as Json[];
  let i = s._cycle as number;
  while (i < cycles.length && cycles[i]!.total_cycles !== 0 && s._completed[i] >= cycles[i]!.total_cycles) i++;
  if (i >= cycles.length) {
    setStatus(pp, s, "EXPIRED", at);
    s._next = null;
    s._retry_at = null;
    pp.events.emit(m, "BILLING.SUBSCRIPTION.EXPIRED", showSubscription(pp, s));
    return;
  }
  s._cycle = i;
  s.update_time = pp.store.billingIso(at);
  const cycle = cycles[i]!;
  s._completed[i] += 1;
  s._next = addInterval(s._next ?? at, intervalOf(cycle));
  const price = planPrice(cycle);
  if (price > 0) charge(pp, m, s, price, at);
  pp.store.changed();
}

/** One charge of the buyer's PayPal account: a completed sale, or a failure (outstanding, retried). */
function charge(pp: PayPal, m: Merchant, s: PayPalObject, minor: number, at: number): boolean {
  const currency = s._currency as string;
  const time = pp.store.billingIso(at);
  s.update_time = time;
  if (s._declines) {
    s._outstanding = minor;
    s._failed += 1;
    s._last_failed = { amount: money(minor, currency), time, reason_code: "PAYMENT_DENIED" };
    const suspend = s._threshold > 0 && s._failed >= s._threshold;
    s._retry_at = suspend ? null : at + RETRY_SECONDS;
    pp.events.emit(m, "BILLING.SUBSCRIPTION.PAYMENT.FAILED", showSubscription(pp, s));
    if (suspend) {
      setStatus(pp, s, "SUSPENDED", at);
      pp.events.emit(m, "BILLING.SUBSCRIPTION.SUSPENDED", showSubscription(pp, s));
    }
    return false;
  }
  const id = paypalId(17);
  const fee = Math.round(minor * 0.0349) + (currency === "JPY" ? 40 : 49);
  const sale: PayPalObject = {
    id,
    state: "completed",
    amount: { total: fromMinor(minor, currency), currency, details: { subtotal: fromMinor(minor, currency) } },
    payment_mode: "INSTANT_TRANSFER",
    protection_eligibility: "ELIGIBLE",
    transaction_fee: { value: fromMinor(fee, currency), currency },
    billing_agreement_id: s.id,
    ...(s.custom_id ? { custom: s.custom_id } : {}),
    create_time: time,
    update_time: time,
    links: [
      { href: `${pp.baseUrl}/v1/payments/sale/${id}`, rel: "self", method: "GET" },
      { href: `${pp.baseUrl}/v1/payments/sale/${id}/refund`, rel: "refund", method: "POST" },
    ],
  };
  m.sales[id] = sale;
  s._outstanding = 0;
  s._retry_at = null;
  s._last_payment = { amount: money(minor, currency), time };
  pp.events.emit(m, "PAYMENT.SALE.COMPLETED", sale);
  return true;
}

/** A failed payment tried again (the clock's retry, or new funding): paid, the outstanding balance is cleared. */
export function retryPayment(pp: PayPal, m: Merchant, s: PayPalObject, at: number): boolean {
  return charge(pp, m, s, s._outstanding, at);
}

/** Everything due on this merchant's subscriptions up to `until`, earliest first; the next due time. */
export function nextDue(m: Merchant): { at: number; s: PayPalObject; kind: "cycle" | "retry" } | undefined {
  let first: { at: number; s: PayPalObject; kind: "cycle" | "retry" } | undefined;
  for (const s of Object.values(m.subscriptions)) {
    if (s.status !== "ACTIVE") continue;
    if (s._retry_at && (!first || s._retry_at < first.at)) first = { at: s._retry_at, s, kind: "retry" };
    if (s._next && (!first || s._next < first.at)) first = { at: s._next, s, kind: "cycle" };
  }
  return first;
}
export function runDue(pp: PayPal, m: Merchant, due: NonNullable<ReturnType<typeof nextDue>>) {
  if (due.kind === "retry") retryPayment(pp, m, due.s, due.at);
  else runCycle(pp, m, due.s, due.at);
}
