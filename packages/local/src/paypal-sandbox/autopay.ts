import { fromMinor } from "./orders";
import { esc, header, layout } from "./pages";
import { retryPayment, setStatus, showSubscription } from "./subscriptions";
import type { Merchant, PayPalObject } from "./store";
import type { PayPal } from "./context";

/**
 * The buyer's page of one automatic payment (PayPal's /myaccount/autopay/connect/{subscription id},
 * Settings → Payments → Manage automatic payments → the merchant): what it is, and the way it is
 * paid, which the buyer changes. As on PayPal the buyer signs in first: here with the e-mail of
 * the PayPal account that approved it (anyone else is refused). A source that declines is not
 * saved and nothing changes. A good one is saved; when a payment is owed (past due, or SUSPENDED
 * after the plan's failure threshold) it is charged again at once: PAYMENT.SALE.COMPLETED, and a
 * SUSPENDED subscription is active again (BILLING.SUBSCRIPTION.RE-ACTIVATED, as the activate
 * action sends). Nothing owed: only the source changes, and PayPal sends no event for that; a
 * subscription the seller suspended stays suspended.
 */
export const FUNDING = {
  bank: "Bank account •••• 4321",
  visa: "Visa •••• 1111",
  declining: "Visa •••• 0002 (sandbox: every charge is declined)",
} as const;
type Funding = keyof typeof FUNDING;
const isFunding = (v: string): v is Funding => Object.hasOwn(FUNDING, v);

const fundingOf = (s: PayPalObject): Funding => (s._funding as Funding) ?? (s._declines ? "declining" : "bank");
const owed = (s: PayPalObject) => (s._outstanding as number) > 0;

export interface AutopayAnswer {
  status: number;
  html: string;
}

export function autopayPage(
  pp: PayPal,
  m: Merchant,
  s: PayPalObject,
  opts: { error?: string; email?: string; notice?: string } = {},
): string {
  const plan = m.plans[s.plan_id];
  const shown = showSubscription(pp, s);
  const running = s.status === "ACTIVE" || s.status === "SUSPENDED";
  const balance = s._outstanding ? fromMinor(s._outstanding, s._currency) : null;
  const current = fundingOf(s);
  const choices = (Object.keys(FUNDING) as Funding[])
    .map(
      (f) =>
        `<label class="line" style="font-weight:400;margin:0"><span><input type="radio" name="funding" value="${f}" style="width:auto;margin-right:.5rem"${f === current ? " checked" : ""}>${esc(FUNDING[f])}</span></label>`,
    )
    .join("");
  const form = running
    ? `<form method="post">
      <fieldset style="border:0;padding:0;margin:0"><legend style="font-weight:600;font-size:.85rem">Pay with</legend>${choices}</fieldset>
      <label for="email">PayPal account e-mail</label>
      <input id="email" name="email" type="email" required autocomplete="email" placeholder="you@example.com" value="${esc(opts.email ?? "")}">
      <p class="muted">Sandbox: sign in with the e-mail that approved this automatic payment.</p>
      ${opts.error ? `<div class="error" role="alert">${esc(opts.error)}</div>` : ""}
      <button class="btn" type="submit">Save</button></form>`
    : `<p>This automatic payment is ${esc(String(s.status).toLowerCase())}: there is nothing to pay with.</p>`;
  return layout(
    "Automatic payments",
    `<main class="wrap">${header}
    <section class="card" aria-label="Automatic payment"><p class="muted">${esc(s._brand_name ?? "Merchant")}</p>
      <h1 style="font-size:1.2rem;margin:.25rem 0">${esc(plan?.name ?? "Subscription")}</h1>
      <div class="line"><span>Status</span><span>${esc(String(s.status).toLowerCase())}</span></div>
      ${balance ? `<div class="line"><span>Past due</span><span>${esc(balance)} ${esc(s._currency)}</span></div>` : ""}
      ${shown.billing_info?.next_billing_time && running ? `<div class="line"><span>Next payment</span><span>${esc(String(shown.billing_info.next_billing_time).slice(0, 10))}</span></div>` : ""}
      <div class="line"><span>Payment method</span><span>${esc(FUNDING[current])}</span></div></section>
    ${opts.notice ? `<section class="card" role="status"><strong>${esc(opts.notice)}</strong></section>` : ""}
    <section class="card">${form}</section></main>`,
  );
}

/** POST: sign in, then the chosen source. */
export function changeFunding(pp: PayPal, m: Merchant, s: PayPalObject, form: URLSearchParams): AutopayAnswer {
  const email = (form.get("email") ?? "").trim().toLowerCase();
  const funding = form.get("funding") ?? "";
  const again = (status: number, error: string) => ({ status, html: autopayPage(pp, m, s, { error, email }) });
  if (s.status !== "ACTIVE" && s.status !== "SUSPENDED")
    return again(409, `This automatic payment is ${String(s.status).toLowerCase()}.`);
  if (!email || email !== String(s.subscriber?.email_address ?? "").toLowerCase())
    return again(403, "Sign in with the PayPal account that pays this automatic payment.");
  if (!isFunding(funding)) return again(400, "Choose how to pay.");
  if (funding === "declining") return again(402, "This card was declined. Choose another way to pay.");
  s._funding = funding;
  s._declines = false;
  pp.store.changed();
  if (!owed(s)) return { status: 200, html: autopayPage(pp, m, s, { email, notice: "Payment method saved." }) };
  const now = pp.store.billingNow();
  // A subscription the seller suspended (nothing owed) stays so: only the seller activates it.
  if (retryPayment(pp, m, s, now) && s.status === "SUSPENDED") {
    setStatus(pp, s, "ACTIVE", now);
    s.status_change_note = "Reactivated after the buyer paid the outstanding balance.";
    pp.events.emit(m, "BILLING.SUBSCRIPTION.RE-ACTIVATED", showSubscription(pp, s));
  }
  return {
    status: 200,
    html: autopayPage(pp, m, s, { email, notice: "Payment method saved, and the past-due payment is paid." }),
  };
}
