import { DECLINED_CARDS, DECLINE_MESSAGE, attachCard, cardDigits } from "./cards";
import { checkUrl } from "./endpoints";
import { invalidParam, noSuch } from "./errors";
import { str, type FormObject } from "./form";
import { collectInvoice, openInvoicesOf } from "./invoices";
import { esc, formatMoney, layout } from "./pages";
import { nowSeconds, randomId, type Account, type StripeObject } from "./store";
import { subscriptionChanged } from "./subscriptions";
import type { Sandbox } from "./context";

/**
 * Billing Portal sessions (`POST /v1/billing_portal/sessions`), shaped as Stripe's
 * `billing_portal.session`: create only (Stripe has no retrieve or list), `customer` required,
 * `return_url` optional. Its `url` opens the sandbox's portal page, where the customer replaces
 * the card their subscriptions are charged to, as in Stripe's portal: the new card becomes the
 * customer's invoice default and each live subscription's default payment method, and a past_due
 * subscription's open invoice is retried with it at once (paid: the subscription is active again).
 * The page knows the sandbox's test cards (./cards.ts): 4000 0000 0000 0002 and 9995 are declined
 * when entered; 4000 0000 0000 0341 attaches, then its charges fail.
 *
 * Sessions are short-lived, as Stripe's are ("sessions are short-lived and will expire if the
 * customer does not visit the URL"; create one when the customer asks): a URL not opened within
 * 5 minutes of its creation is dead, and an opened one lasts an hour. Stripe publishes neither
 * figure; these are the sandbox's, on the wall clock like Checkout Sessions (never the billing
 * clock), so a caller that keeps a portal URL to hand out later fails here as it would on Stripe.
 */
const LIVE = new Set(["active", "trialing", "past_due", "unpaid", "incomplete"]);
export const PORTAL_UNOPENED_SECONDS = 5 * 60;
export const PORTAL_OPENED_SECONDS = 60 * 60;
const publicSession = (session: StripeObject): StripeObject =>
  Object.fromEntries(Object.entries(session).filter(([k]) => !k.startsWith("_"))) as StripeObject;

export function createPortalSession(sb: Sandbox, account: Account, p: FormObject): StripeObject {
  const customer = str(p.customer);
  if (!customer) throw invalidParam("customer", "Missing required param: customer.");
  if (account.objects[customer]?.object !== "customer") throw noSuch("customer", customer, "customer");
  const returnUrl = str(p.return_url);
  if (returnUrl !== undefined) {
    try {
      checkUrl(returnUrl);
    } catch {
      throw invalidParam("return_url", "Invalid URL: An explicit scheme (such as https) must be provided.");
    }
  }
  const id = randomId("bps_");
  const created = nowSeconds();
  const session = sb.store.put(account, {
    id,
    object: "billing_portal.session",
    configuration: `bpc_${account.id.slice(5, 19)}`,
    created,
    customer,
    flow: null,
    livemode: account.livemode,
    locale: null,
    on_behalf_of: null,
    return_url: returnUrl ?? null,
    url: `${sb.baseUrl}/p/session/${id}`,
    _expires_at: created + PORTAL_UNOPENED_SECONDS,
  });
  return publicSession(session);
}

/** The page of a session past its time: open a new one from the seller's site. */
function expiredPage(session: StripeObject) {
  const back = session.return_url
    ? `<a class="link" href="${esc(session.return_url)}">← Return to the seller's site</a>`
    : "";
  return layout(
    "Session expired",
    `<main class="wrap" style="max-width:560px"><span class="badge">Test mode</span>
<h1>This session has expired</h1><p class="muted">For your security, billing sessions are short-lived. Go back to the seller's site and open your billing settings again.</p>${back}</main>`,
  );
}

const subscriptionsOf = (account: Account, customer: string) =>
  Object.values(account.objects).filter((o) => o.object === "subscription" && o.customer === customer);

function page(account: Account, session: StripeObject, note?: { error?: string; done?: string }) {
  const email: string = account.objects[session.customer]?.email ?? "";
  const subs = subscriptionsOf(account, session.customer).filter((s) => LIVE.has(s.status));
  const cardOf = (id?: string) => (id ? account.objects[id]?.card : undefined);
  const rows = subs
    .map((s) => {
      const item = s.items.data[0];
      const name = account.objects[item?.price.product]?.name ?? "Subscription";
      const every = item?.price.recurring?.interval ?? "period";
      const card = cardOf(s.default_payment_method);
      return `<div class="line"><span><strong>${esc(name)}</strong><br><span class="muted">${esc(
        s.status === "past_due" ? "Past due" : s.status,
      )}${card ? ` · ${esc(card.brand)} •••• ${esc(card.last4)}` : ""}</span></span><span>${esc(
        formatMoney(item?.price.unit_amount ?? 0, item?.price.currency ?? "usd"),
      )} / ${esc(every)}</span></div>`;
    })
    .join("");
  const back = session.return_url
    ? `<a class="link" href="${esc(session.return_url)}">← Return to the seller's site</a>`
    : "";
  const message = note?.error
    ? `<p class="error" role="alert">${esc(note.error)}</p>`
    : note?.done
      ? `<p class="ok" role="status">${esc(note.done)}</p>`
      : "";
  return layout(
    "Manage your billing",
    `<main class="wrap" style="max-width:560px"><span class="badge">Test mode</span>
<h1>Manage your billing</h1><p class="muted">${esc(email)}</p>
<section class="card"><h2 style="margin-top:0;font-size:1.1rem">Subscriptions</h2>${rows || '<p class="muted">No current subscriptions.</p>'}</section>
<section class="card" style="margin-top:1.25rem"><h2 style="margin-top:0;font-size:1.1rem">Payment method</h2>
<form method="post"><label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<button class="btn" type="submit">Update payment method</button></form>${message}</section>${back}</main>`,
  );
}

/** The portal page: GET shows it; POST replaces the card and retries what is owed. */
export function portalPage(
  sb: Sandbox,
  method: string,
  id: string,
  body: FormObject,
): { status: number; html?: string; location?: string } {
  const found = sb.store.find(id);
  if (!found || found.object.object !== "billing_portal.session")
    return { status: 404, html: layout("Not found", "<p>This portal session does not exist.</p>") };
  const { account, object: session } = found;
  const now = nowSeconds();
  if (now >= session._expires_at) return { status: 410, html: expiredPage(session) };
  if (!session._opened) {
    session._opened = true;
    session._expires_at = now + PORTAL_OPENED_SECONDS;
    sb.store.changed();
  }
  if (method !== "POST") return { status: 200, html: page(account, session) };
  const digits = cardDigits(str(body.card));
  if (!/^\d{12,19}$/.test(digits))
    return { status: 400, html: page(account, session, { error: "Your card number is incomplete." }) };
  if (DECLINED_CARDS.has(digits)) return { status: 402, html: page(account, session, { error: DECLINE_MESSAGE }) };
  // The session was made for a customer of this account (createPortalSession checks it).
  const customer = account.objects[session.customer]!;
  const pm = attachCard(sb, account, session.customer, digits, { email: customer?.email ?? null });
  sb.events.emit(account, "payment_method.attached", pm);
  customer.invoice_settings = { ...(customer.invoice_settings ?? {}), default_payment_method: pm.id };
  sb.events.emit(account, "customer.updated", customer);
  let owing = false;
  for (const sub of subscriptionsOf(account, session.customer).filter((s) => LIVE.has(s.status))) {
    const before = structuredClone(sub);
    sub.default_payment_method = pm.id;
    for (const invoice of openInvoicesOf(account, sub)) owing = !collectInvoice(sb, account, sub, invoice) || owing;
    subscriptionChanged(sb, account, sub, before);
  }
  sb.store.changed();
  if (owing) return { status: 402, html: page(account, session, { error: DECLINE_MESSAGE }) };
  if (session.return_url) return { status: 303, location: session.return_url };
  return { status: 200, html: page(account, session, { done: "Your payment method was updated." }) };
}
