import type { PageTexts } from "./locale";
import type { Account, StripeObject } from "./store";
import type { FormObject } from "./form";
import { addressFields, taxSummary } from "./tax-page";

/** HTML of the sandbox: the hosted checkout page and the events page. Plain server-rendered pages. */
export const esc = (s: unknown) => String(s ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Stripe's zero-decimal currencies: their amounts are whole units (¥950 is 950, not 9.50). */
const ZERO_DECIMAL = new Set("bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf".split(" "));
export const formatMoney = (cents: number, currency: string, intl = "en-US") =>
  new Intl.NumberFormat(intl, { style: "currency", currency: currency.toUpperCase() }).format(
    ZERO_DECIMAL.has(currency.toLowerCase()) ? cents : cents / 100,
  );

const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",sans-serif;color:#1a1f36;background:#f6f9fc}
a{color:#635bff}.wrap{max-width:980px;margin:0 auto;padding:2.5rem 1.25rem}
.badge{display:inline-block;font-size:.7rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;background:#ffde92;color:#7a4b00;border-radius:4px;padding:.15rem .45rem}
.grid{display:grid;gap:2.5rem;grid-template-columns:1fr}@media(min-width:820px){.grid{grid-template-columns:1fr 1fr}}
.muted{color:#697386;font-size:.9rem}.amount{font-size:2.25rem;font-weight:700;margin:.35rem 0 1.5rem}
.line{display:flex;justify-content:space-between;gap:1rem;padding:.85rem 0;border-top:1px solid #e3e8ee}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(50,50,93,.12),0 4px 12px rgba(0,0,0,.04);padding:1.5rem}
label{display:block;font-size:.85rem;font-weight:500;color:#3c4257;margin:1rem 0 .35rem}
input,select{width:100%;font:inherit;padding:.65rem .75rem;border:1px solid #cfd7df;border-radius:6px;background:#fff}
input:focus,select:focus{outline:2px solid #635bff55;border-color:#635bff}
.btn{display:block;width:100%;margin-top:1.5rem;font:inherit;font-weight:600;color:#fff;background:#635bff;border:0;border-radius:6px;padding:.8rem;cursor:pointer;text-align:center;text-decoration:none}
.btn:hover{background:#5046e4}.link{display:block;text-align:center;margin-top:1rem;color:#697386;text-decoration:none;font-size:.9rem}
.error{background:#fdecea;color:#a41c1c;border-radius:6px;padding:.6rem .8rem;margin-top:1rem;font-size:.9rem}
table{width:100%;border-collapse:collapse;font-size:.875rem}th,td{text-align:left;padding:.55rem .5rem;border-top:1px solid #e3e8ee;vertical-align:top}
th{color:#697386;font-weight:500;white-space:nowrap}.wrapall{word-break:break-all}.ok{color:#0e7a3b}.bad{color:#a41c1c}.pending{color:#7a4b00}code{font-size:.8rem}
.row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}.small{font-size:.8rem;padding:.3rem .6rem;margin:0;width:auto;display:inline-block}`;

export const layout = (
  title: string,
  body: string,
  lang = "en",
) => `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;

/** The hosted payment page, in `t`'s language (the session's locale or the buyer's browser, ./locale). */
export function checkoutPage(
  session: StripeObject,
  t: PageTexts,
  opts: { error?: string; email?: string; name?: string; form?: FormObject } = {},
): string {
  const money = (cents: number, currency: string) => formatMoney(cents, currency, t.intl);
  const items: StripeObject[] = session._line_items ?? [];
  const first = items[0];
  const recurring = first?.price?.recurring;
  const trial = session._subscription_data?.trial_period_days as number | null | undefined;
  const total = items.reduce((s, li) => s + li.amount_total, 0);
  const per = recurring ? ` per ${recurring.interval}` : "";
  const headline = trial ? `${trial} days free` : money(total, session.currency);
  const sub = trial ? `Then ${money(total, session.currency)}${per} after the trial` : recurring ? `Billed${per}` : "";
  const lines = items
    .map(
      (li) => `<div class="line"><div><div>${esc(li.description)}</div>
    ${li._product_description ? `<div class="muted">${esc(li._product_description)}</div>` : ""}
    ${li.quantity > 1 ? `<div class="muted">${t.qty} ${li.quantity}</div>` : ""}</div><div>${money(li.amount_total, li.currency)}${esc(per)}</div></div>`,
    )
    .join("");
  const email = opts.email ?? session.customer_email ?? "";
  const closed = session.status !== "open";
  const form = closed
    ? `<p>${esc(t.sessionIs(session.status))}</p>${session.success_url && session.status === "complete" ? `<a class="btn" href="${esc(successUrl(session))}">${esc(t.returnToMerchant)}</a>` : ""}`
    : `<form method="post" action="/pay/${esc(session.id)}">
      <label for="email">${esc(t.email)}</label><input id="email" name="email" type="email" required autocomplete="email" placeholder="you@example.com" value="${esc(email)}"${session.customer_email ? " readonly" : ""}>
      <label for="cardholder">${esc(t.cardholder)}</label><input id="cardholder" name="name" autocomplete="cc-name" value="${esc(opts.name ?? "")}">
      <label for="card">${esc(t.card)}</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242" aria-describedby="card-hint">
      <p id="card-hint" class="muted">${esc(t.cardHint)}</p>
      ${addressFields(session, t, opts.form)}
      ${opts.error ? `<div class="error" role="alert">${esc(opts.error)}</div>` : ""}
      <button class="btn" type="submit">${esc(trial ? t.startTrial : t.pay)}</button></form>
      ${session.cancel_url ? `<a class="link" href="${esc(session.cancel_url)}">${esc(t.cancel)}</a>` : ""}`;
  return layout(
    `Checkout · ${first?.description ?? "Payment"}`,
    `<main class="wrap"><div class="grid">
    <section><div class="row"><span class="muted">${esc(t.sandbox)}</span><span class="badge">${esc(session.livemode ? t.liveMode : t.testMode)}</span></div>
      <p class="muted" style="margin-top:2rem">${esc(first?.description ?? "")}</p><div class="amount">${esc(headline)}</div>
      ${sub ? `<p class="muted">${esc(sub)}</p>` : ""}${lines}${taxSummary(session, t, money)}
      <div class="line"><strong>${esc(t.totalToday)}</strong><strong id="total-amount">${money(session.amount_total, session.currency)}</strong></div></section>
    <section class="card">${form}</section></div></main>`,
    t.lang,
  );
}

export const successUrl = (session: StripeObject) =>
  String(session.success_url ?? "").replaceAll("{CHECKOUT_SESSION_ID}", session.id);

export function completedPage(session: StripeObject): string {
  return layout(
    "Payment complete",
    `<main class="wrap"><section class="card"><h1>Payment complete</h1>
    <p class="muted">Session <code>${esc(session.id)}</code> is complete. This session had no success_url to return to.</p></section></main>`,
  );
}

const short = (id: string) => (id.length > 28 ? `${id.slice(0, 28)}…` : id);

export function eventsPage(accounts: Account[]): string {
  const rows = accounts
    .flatMap((a) => a.events.map((r) => ({ a, r })))
    .sort((x, y) => y.r.event.created - x.r.event.created)
    .slice(0, 300)
    .map(({ a, r }) => {
      const obj = r.event.data.object as StripeObject;
      const deliveries = r.deliveries.length
        ? r.deliveries
            .map(
              (
                d,
              ) => `<div><span class="${d.state === "succeeded" ? "ok" : d.state === "failed" ? "bad" : "pending"}">${esc(d.state)}</span>
            <span class="muted wrapall">${esc(d.url)}</span><br>${d.attempts.map((t) => `<code>${esc(t.at.slice(11, 19))} → ${t.status ?? esc(t.error ?? "no answer")}</code>`).join(" · ")}</div>`,
            )
            .join("")
        : `<span class="muted">no endpoint registered</span>`;
      const actions = [
        obj.object === "checkout.session" && obj.payment_intent && r.event.type === "checkout.session.completed"
          ? `<form method="post" action="/__sandbox/refunds"><input type="hidden" name="payment_intent" value="${esc(obj.payment_intent)}"><button class="btn small">Refund</button></form>`
          : "",
        obj.object === "subscription" && r.event.type === "customer.subscription.created"
          ? `<form method="post" action="/__sandbox/subscriptions/${esc(obj.id)}/fail_payment"><button class="btn small">Fail a payment</button></form>`
          : "",
      ].join("");
      return `<tr><td style="white-space:nowrap">${esc(new Date(r.event.created * 1000).toISOString().replace("T", " ").slice(0, 19))}</td>
        <td><strong>${esc(r.event.type)}</strong><br><code>${esc(r.event.id)}</code><br><code class="muted" title="${esc(obj.id)}">${esc(short(obj.id))}</code></td>
        <td><code>${esc(a.id)}</code><br><span class="muted">${a.livemode ? "live" : "test"}</span></td><td>${deliveries}</td><td>${actions}</td></tr>`;
    })
    .join("");
  return layout(
    "Payments sandbox · events",
    `<main class="wrap" style="max-width:1200px"><div class="row"><h1 style="margin:0">Payments sandbox</h1><span class="badge">Local</span></div>
    <p class="muted">Events of every sandbox account and their webhook deliveries (newest first). JSON at <a href="/events.json">/events.json</a>. <a href="/restricted-keys">Create a restricted key</a>.</p>
    <div class="card" style="overflow-x:auto"><table><thead><tr><th>Time (UTC)</th><th>Event</th><th>Account</th><th style="width:40%">Deliveries</th><th></th></tr></thead>
    <tbody>${rows || `<tr><td colspan="5" class="muted">No events yet.</td></tr>`}</tbody></table></div></main>`,
  );
}
