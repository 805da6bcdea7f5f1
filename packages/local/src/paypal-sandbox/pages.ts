import type { Merchant, PayPalObject } from "./store";

/** HTML of the PayPal sandbox: the hosted approve page and the events page. Plain server-rendered pages. */
export const esc = (s: unknown) => String(s ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const money = (amount: { currency_code: string; value: string }) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: amount.currency_code }).format(Number(amount.value));

const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",sans-serif;color:#001435;background:#f5f7fa}
a{color:#0070e0}.wrap{max-width:460px;margin:0 auto;padding:2rem 1.25rem}
.brand{font-weight:800;font-size:1.6rem;letter-spacing:-.02em}.brand b{color:#003087}.brand i{color:#0070e0;font-style:normal}
.badge{display:inline-block;font-size:.7rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;background:#ffd140;color:#4a3500;border-radius:4px;padding:.15rem .45rem;margin-left:.5rem;vertical-align:middle}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,20,53,.12);padding:1.5rem;margin-top:1.25rem}
.muted{color:#545d68;font-size:.9rem}.amount{font-size:2rem;font-weight:700;margin:.25rem 0 1rem}
.line{display:flex;justify-content:space-between;gap:1rem;padding:.75rem 0;border-top:1px solid #e6e9ee}
label{display:block;font-size:.85rem;font-weight:600;margin:1rem 0 .35rem}
input{width:100%;font:inherit;padding:.7rem .8rem;border:1px solid #99a3ad;border-radius:6px}
input:focus,.btn:focus-visible,a:focus-visible{outline:3px solid #0070e066;outline-offset:2px}
.btn{display:block;width:100%;margin-top:1.25rem;font:inherit;font-weight:700;color:#fff;background:#0070e0;border:0;border-radius:999px;padding:.85rem;cursor:pointer;text-align:center;text-decoration:none}
.btn:hover{background:#005ea6}.link{display:block;text-align:center;margin-top:1rem;color:#0070e0;font-size:.95rem}
.error{background:#fdecea;color:#a41c1c;border-radius:6px;padding:.6rem .8rem;margin-top:1rem;font-size:.9rem}
table{width:100%;border-collapse:collapse;font-size:.85rem}th,td{text-align:left;padding:.5rem;border-top:1px solid #e6e9ee;vertical-align:top}
.ok{color:#0e7a3b}.bad{color:#a41c1c}.pending{color:#7a4b00}code{font-size:.8rem;word-break:break-all}
.small{font-size:.8rem;padding:.3rem .7rem;margin:.2rem 0;width:auto;display:inline-block}`;

export const layout = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;

export const header = `<div class="brand" aria-label="PayPal sandbox"><b>Pay</b><i>Pal</i><span class="badge">Sandbox</span></div>`;

/** PayPal appends token (the order id) and, on approval, PayerID to the merchant's URLs. */
export function withParams(url: string, params: Record<string, string>) {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

export function approvePage(order: PayPalObject, opts: { error?: string; email?: string } = {}): string {
  const unit = order.purchase_units[0];
  // Each item of each unit, as PayPal's page lists them (a unit without items is one line).
  const lines = order.purchase_units
    .flatMap((u: PayPalObject) =>
      (u.items?.length ? u.items : [{ name: u.description ?? "Item", quantity: "1", unit_amount: u.amount }]).map(
        (it: PayPalObject) =>
          `<div class="line"><span>${esc(it.name)}${it.quantity !== "1" ? ` × ${esc(it.quantity)}` : ""}</span><span>${money(it.unit_amount)}</span></div>`,
      ),
    )
    .join("");
  const open = order.status === "CREATED" || order.status === "PAYER_ACTION_REQUIRED";
  const email = opts.email ?? order._payer_email ?? "";
  const cancel = order._cancel_url ? withParams(order._cancel_url, { token: order.id }) : null;
  const action = open
    ? `<form method="post" action="/checkoutnow?token=${esc(order.id)}">
      <label for="email">PayPal account e-mail</label>
      <input id="email" name="email" type="email" required autocomplete="email" placeholder="you@example.com" value="${esc(email)}">
      <p class="muted">Sandbox: any e-mail address approves the payment; no money moves.</p>
      ${opts.error ? `<div class="error" role="alert">${esc(opts.error)}</div>` : ""}
      <button class="btn" type="submit">Pay with PayPal</button></form>
      ${cancel ? `<a class="link" href="${esc(cancel)}">Cancel and return to ${esc(order._brand_name ?? "the merchant")}</a>` : ""}`
    : `<p>This order is ${esc(String(order.status).toLowerCase())}.</p>${
        order._return_url && order.status !== "VOIDED"
          ? `<a class="btn" href="${esc(withParams(order._return_url, { token: order.id }))}">Return to ${esc(order._brand_name ?? "the merchant")}</a>`
          : ""
      }`;
  return layout(
    "Log in to your PayPal account",
    `<main class="wrap">${header}
    <section class="card" aria-label="Order summary"><p class="muted">${esc(order._brand_name ?? "Merchant")}</p>
      <div class="amount">${money(unit.amount)}</div>${lines}</section>
    <section class="card">${action}</section></main>`,
  );
}

export function approvedPage(order: PayPalObject): string {
  return layout(
    "Payment approved",
    `<main class="wrap">${header}<section class="card"><h1>Payment approved</h1>
    <p class="muted">Order <code>${esc(order.id)}</code> is approved. It had no return_url to go back to.</p></section></main>`,
  );
}

export function eventsPage(merchants: Merchant[]): string {
  const rows = merchants
    .flatMap((m) => m.events.map((r) => ({ m, r })))
    .sort((x, y) => String(y.r.event.create_time).localeCompare(String(x.r.event.create_time)))
    .slice(0, 300)
    .map(({ m, r }) => {
      const res = r.event.resource as PayPalObject;
      const deliveries = r.deliveries.length
        ? r.deliveries
            .map((d) => {
              const tone = d.state === "succeeded" ? "ok" : d.state === "failed" ? "bad" : "pending";
              const tries = d.attempts.map(
                (t) => `<code>${esc(t.at.slice(11, 19))} → ${t.status ?? esc(t.error ?? "no answer")}</code>`,
              );
              return `<div><span class="${tone}">${esc(d.state)}</span> <code>${esc(d.url)}</code><br>${tries.join(" · ")}</div>`;
            })
            .join("")
        : `<span class="muted">no webhook listens for it</span>`;
      const captured = r.event.event_type === "PAYMENT.CAPTURE.COMPLETED";
      const sold = r.event.event_type === "PAYMENT.SALE.COMPLETED";
      const field = sold ? "sale_id" : "capture_id";
      const actions =
        captured || sold
          ? ["refunds", "disputes"]
              .map(
                (what) =>
                  `<form method="post" action="/__sandbox/${what}"><input type="hidden" name="${field}" value="${esc(res.id)}"><button class="btn small">${what === "refunds" ? "Refund" : sold ? "Reverse (chargeback)" : "Open a dispute"}</button></form>`,
              )
              .join("")
          : "";
      return `<tr><td>${esc(String(r.event.create_time).replace("T", " ").slice(0, 19))}</td>
        <td><strong>${esc(r.event.event_type)}</strong><br><code>${esc(r.event.id)}</code><br><code class="muted">${esc(res.id ?? res.dispute_id ?? "")}</code></td>
        <td><code>${esc(m.client_id.slice(0, 24))}</code><br><span class="muted">${esc(m.merchant_id)}</span></td><td>${deliveries}</td><td>${actions}</td></tr>`;
    })
    .join("");
  return layout(
    "PayPal sandbox · events",
    `<main class="wrap" style="max-width:1200px">${header}
    <p class="muted">Webhook events of every sandbox merchant (one per client id/secret pair) and their deliveries, newest first. JSON at <a href="/events.json">/events.json</a>.</p>
    <div class="card" style="overflow-x:auto"><table><thead><tr><th>Time (UTC)</th><th>Event</th><th>Merchant</th><th style="width:40%">Deliveries</th><th></th></tr></thead>
    <tbody>${rows || `<tr><td colspan="5" class="muted">No events yet.</td></tr>`}</tbody></table></div></main>`,
  );
}
