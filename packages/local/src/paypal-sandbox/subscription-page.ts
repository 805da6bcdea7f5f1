import type { PayPalObject } from "./store";
import { layout, header, esc, withParams } from "./pages";

/**
 * The subscription's approve link (PayPal's /webapps/billing/subscriptions?ba_token=…): the
 * plan's terms, a PayPal-account e-mail field and "Agree & Subscribe". Approving redirects (303)
 * to return_url?subscription_id=…&ba_token=…&token=…; "Cancel and return" to cancel_url with the same.
 */
const EVERY: Record<string, string> = { DAY: "day", WEEK: "week", MONTH: "month", YEAR: "year" };

export const price = (cycle: PayPalObject) => {
  const p = cycle.pricing_scheme?.fixed_price;
  return p
    ? new Intl.NumberFormat("en-US", { style: "currency", currency: p.currency_code }).format(Number(p.value))
    : "Free";
};
export const every = (cycle: PayPalObject) => {
  const { interval_unit: unit, interval_count: n } = cycle.frequency;
  return n === 1 ? EVERY[unit] : `${n} ${EVERY[unit]}s`;
};

export const returnParams = (s: PayPalObject) => ({ subscription_id: s.id, ba_token: s._ba_token, token: s._ba_token });

export function subscriptionPage(
  s: PayPalObject,
  plan: PayPalObject,
  opts: { error?: string; email?: string } = {},
): string {
  const cycles = s._cycles as PayPalObject[];
  const regular = cycles[cycles.length - 1]!;
  const terms = cycles
    .map((c) => {
      const label =
        c.tenure_type === "TRIAL"
          ? `Trial: ${c.frequency.interval_count} ${EVERY[c.frequency.interval_unit]}(s)`
          : cycles.length > 1
            ? "Then"
            : "Billed";
      return `<div class="line"><span>${esc(label)}</span><span>${esc(price(c))}${c.tenure_type === "REGULAR" ? ` / ${esc(every(c))}` : ""}</span></div>`;
    })
    .join("");
  const open = s.status === "APPROVAL_PENDING";
  const cancel = s._cancel_url ? withParams(s._cancel_url, returnParams(s)) : null;
  const action = open
    ? `<form method="post" action="/webapps/billing/subscriptions?ba_token=${esc(s._ba_token)}">
      <label for="email">PayPal account e-mail</label>
      <input id="email" name="email" type="email" required autocomplete="email" placeholder="you@example.com" value="${esc(opts.email ?? s._subscriber_email ?? "")}">
      <p class="muted">Sandbox: any e-mail approves; one starting with “decline” approves, then every payment fails.</p>
      ${opts.error ? `<div class="error" role="alert">${esc(opts.error)}</div>` : ""}
      <button class="btn" type="submit">Agree &amp; Subscribe</button></form>
      ${cancel ? `<a class="link" href="${esc(cancel)}">Cancel and return to ${esc(s._brand_name ?? "the merchant")}</a>` : ""}`
    : `<p>This subscription is ${esc(String(s.status).toLowerCase())}.</p>`;
  return layout(
    "Subscribe with PayPal",
    `<main class="wrap">${header}
    <section class="card" aria-label="Subscription summary"><p class="muted">${esc(s._brand_name ?? "Merchant")}</p>
      <h1 style="font-size:1.2rem;margin:.25rem 0">${esc(plan.name)}</h1>
      <div class="amount">${esc(price(regular))} <span class="muted">/ ${esc(every(regular))}</span></div>${terms}</section>
    <section class="card">${action}</section></main>`,
  );
}
