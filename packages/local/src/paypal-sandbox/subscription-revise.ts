import { invalidRequest, unprocessable } from "./errors";
import { esc, header, layout, withParams } from "./pages";
import { every, price } from "./subscription-page";
import { showSubscription } from "./subscriptions";
import { paypalId, type Json, type Merchant, type PayPalObject } from "./store";
import type { PayPal } from "./context";

/**
 * Subscriptions v1 revise (POST /v1/billing/subscriptions/:id/revise {plan_id}): an upgrade or
 * downgrade to another ACTIVE plan of the same catalog product, in the same currency. As on
 * PayPal, a PayPal-account subscription changes only after the buyer re-consents at the answer's
 * `approve` link (/webapps/billing/subscriptions/update?ba_token=…); until then, or if they
 * never do, it goes on billing the old plan. On approval the subscription's plan_id is the new
 * plan and BILLING.SUBSCRIPTION.UPDATED is sent. The sandbox's rule on money, PayPal's: no
 * proration and no charge at the change; the current period stays as paid, and the new plan's
 * price and interval are charged from the next billing time (effective_time) on.
 */
const isHttpUrl = (v: unknown) => {
  try {
    return typeof v === "string" && /^https?:$/.test(new URL(v).protocol);
  } catch {
    return false;
  }
};
const regularOf = (cycles: PayPalObject[]) => cycles.findIndex((c) => c.tenure_type === "REGULAR");

export function reviseSubscription(pp: PayPal, m: Merchant, s: PayPalObject, body: Json): Json {
  if (typeof body.plan_id !== "string" || !body.plan_id)
    throw invalidRequest("MISSING_REQUIRED_PARAMETER", "plan_id is required.", "/plan_id");
  if (s.status !== "ACTIVE")
    throw unprocessable(
      "SUBSCRIPTION_STATUS_INVALID",
      "Invalid subscription status for revise action; subscription status should be active.",
    );
  const plan = m.plans[body.plan_id];
  if (!plan) throw unprocessable("INVALID_RESOURCE_ID", "Requested resource ID was not found.");
  if (plan.status !== "ACTIVE")
    throw unprocessable("PLAN_STATUS_INVALID", "Invalid plan status for revise action; plan status should be active.");
  const current = m.plans[s.plan_id];
  if (current && current.product_id !== plan.product_id)
    throw unprocessable("INVALID_PARAMETER_VALUE", "The new plan must belong to the subscription's product.");
  const regular = (plan.billing_cycles as PayPalObject[])[regularOf(plan.billing_cycles)];
  if (regular?.pricing_scheme?.fixed_price?.currency_code !== s._currency)
    throw unprocessable("CURRENCY_MISMATCH", "The new plan must be billed in the subscription's currency.");
  const ctx = body.application_context ?? {};
  for (const f of ["return_url", "cancel_url"]) {
    if (ctx[f] !== undefined && !isHttpUrl(ctx[f]))
      throw invalidRequest("INVALID_PARAMETER_SYNTAX", `${f} must be a URL.`, `/application_context/${f}`);
  }
  const token = paypalId(17, "BA-");
  s._revision = { plan_id: plan.id, token, return_url: ctx.return_url ?? null, cancel_url: ctx.cancel_url ?? null };
  pp.store.changed();
  return {
    plan_id: plan.id,
    quantity: "1",
    ...(s._next ? { effective_time: pp.store.billingIso(s._next) } : {}),
    plan_overridden: false,
    links: [
      { href: `${pp.baseUrl}/webapps/billing/subscriptions/update?ba_token=${token}`, rel: "approve", method: "GET" },
      { href: `${pp.baseUrl}/v1/billing/subscriptions/${s.id}`, rel: "edit", method: "PATCH" },
      { href: `${pp.baseUrl}/v1/billing/subscriptions/${s.id}`, rel: "self", method: "GET" },
    ],
  };
}

/** The buyer agreed on the revision page: the new plan's regular cycle from the next billing time on. */
export function approveRevision(pp: PayPal, m: Merchant, s: PayPalObject) {
  const rev = s._revision;
  if (!rev || s.status !== "ACTIVE")
    throw unprocessable("SUBSCRIPTION_STATUS_INVALID", `This subscription is ${String(s.status).toLowerCase()}.`);
  const plan = m.plans[rev.plan_id]!;
  const cycles = s._cycles as PayPalObject[];
  const at = regularOf(cycles);
  const next = structuredClone(plan.billing_cycles[regularOf(plan.billing_cycles)]);
  // The count of cycles paid and the end set (total_cycles) are the subscription's, not the plan's.
  cycles[at] = { ...next, sequence: cycles[at]!.sequence, total_cycles: cycles[at]!.total_cycles };
  s.plan_id = plan.id;
  s._revision = null;
  s.update_time = pp.store.billingIso();
  pp.store.changed();
  pp.events.emit(m, "BILLING.SUBSCRIPTION.UPDATED", showSubscription(pp, s));
}

export const revisionReturn = (s: PayPalObject, url: string) =>
  withParams(url, { subscription_id: s.id, ba_token: s._revision?.token ?? "", token: s._revision?.token ?? "" });

/** The revision's approve link: the new plan's terms, when they start, "Agree & Change" or go back. */
export function revisionPage(pp: PayPal, s: PayPalObject, plan: PayPalObject | undefined): string {
  const rev = s._revision;
  const cycles = (plan?.billing_cycles ?? []) as PayPalObject[];
  const regular = cycles[regularOf(cycles)];
  const body =
    rev && plan && regular && s.status === "ACTIVE"
      ? `<section class="card" aria-label="New plan"><p class="muted">${esc(s._brand_name ?? "Merchant")}</p>
      <h1 style="font-size:1.2rem;margin:.25rem 0">Change your subscription to ${esc(plan.name)}</h1>
      <div class="amount">${esc(price(regular))} <span class="muted">/ ${esc(every(regular))}</span></div>
      <p class="muted">Nothing is charged now. The new price applies from your next payment${s._next ? `, on ${esc(pp.store.billingIso(s._next).slice(0, 10))}` : ""}.</p></section>
    <section class="card"><form method="post" action="/webapps/billing/subscriptions/update?ba_token=${esc(rev.token)}">
      <button class="btn" type="submit">Agree &amp; Change</button></form>
      ${rev.cancel_url ? `<a class="link" href="${esc(revisionReturn(s, rev.cancel_url))}">Cancel and keep my current plan</a>` : ""}</section>`
      : `<section class="card"><p>This change is no longer waiting for approval.</p></section>`;
  return layout("Change your PayPal subscription", `<main class="wrap">${header}${body}</main>`);
}
