import { StripeApiError, invalidParam, missingParam } from "./errors";
import { int, list, metadataOf, obj, str, type FormObject } from "./form";
import { sessionLocale } from "./locale";
import { resolvePrice } from "./prices";
import { createSubscription } from "./subscriptions";
import { applyTax, taxParams, type BillingAddress } from "./tax";
import { nowSeconds, randomId, type Account, type StripeObject } from "./store";
import type { Sandbox } from "./context";

const MODES = ["payment", "subscription"];
const isHttpUrl = (v: string) => {
  try {
    return /^https?:$/.test(new URL(v).protocol);
  } catch {
    return false;
  }
};

/** POST /v1/checkout/sessions */
export function createSession(sb: Sandbox, account: Account, p: FormObject): StripeObject {
  const mode = str(p.mode) ?? "payment";
  if (!MODES.includes(mode))
    throw invalidParam(
      "mode",
      `Invalid mode: must be one of ${MODES.join(", ")} (this sandbox does not implement setup mode).`,
    );
  const successUrl = str(p.success_url);
  if (successUrl !== undefined && !isHttpUrl(successUrl)) throw invalidParam("success_url", "Not a valid URL");
  const cancelUrl = str(p.cancel_url);
  if (cancelUrl !== undefined && !isHttpUrl(cancelUrl)) throw invalidParam("cancel_url", "Not a valid URL");
  const locale = sessionLocale(str(p.locale));
  const tax = taxParams(p);
  const items = list(p.line_items);
  if (!items.length) throw missingParam("line_items");

  const lineItems = items.map((raw, i) => {
    const item = obj(raw) ?? {};
    const price = resolvePrice(sb.store, account, item, `line_items[${i}]`);
    const quantity = int(item.quantity) ?? 1;
    if (Number.isNaN(quantity) || quantity < 1)
      throw invalidParam(`line_items[${i}][quantity]`, "Quantity must be a positive integer.");
    if (mode === "payment" && price.recurring) {
      throw invalidParam(
        `line_items[${i}]`,
        "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.",
      );
    }
    const product = account.objects[price.product];
    return {
      id: randomId("li_"),
      object: "item",
      amount_discount: 0,
      amount_subtotal: price.unit_amount * quantity,
      amount_tax: 0,
      amount_total: price.unit_amount * quantity,
      currency: price.currency,
      description: product?.name ?? null,
      // Shown on the hosted page under the name; not part of Stripe's line item (stripped).
      _product_description: product?.description ?? null,
      price,
      quantity,
    };
  });
  if (mode === "subscription" && !lineItems.some((li) => li.price.recurring)) {
    throw invalidParam(
      "line_items",
      "You must provide at least one recurring price in `subscription` mode when using prices.",
    );
  }
  const currency = lineItems[0]!.currency;
  const subtotal = lineItems.reduce((s, li) => s + li.amount_total, 0);
  const subData = obj(p.subscription_data) ?? {};
  const trialDays = int(subData.trial_period_days);
  if (trialDays !== undefined && (Number.isNaN(trialDays) || trialDays < 1)) {
    throw invalidParam("subscription_data[trial_period_days]", "trial_period_days must be a positive integer.");
  }
  const customerId = str(p.customer);
  if (customerId && account.objects[customerId]?.object !== "customer") {
    throw new StripeApiError(
      400,
      "invalid_request_error",
      `No such customer: '${customerId}'`,
      "resource_missing",
      "customer",
    );
  }
  const created = nowSeconds();
  // Like Stripe: a session may be asked to expire between 30 minutes and 24 hours from now.
  const expiresAt = int(p.expires_at);
  if (expiresAt !== undefined && !(expiresAt >= created + 1800 - 60 && expiresAt <= created + 24 * 3600)) {
    throw invalidParam("expires_at", "The `expires_at` timestamp must be between 30 minutes and 24 hours from now.");
  }
  const id = randomId(account.livemode ? "cs_live_" : "cs_test_", 58);
  // A trial means nothing is charged today, so Stripe reports a zero total for the session.
  const dueToday = mode === "subscription" && trialDays ? 0 : subtotal;
  return sb.store.put(account, {
    id,
    object: "checkout.session",
    amount_subtotal: dueToday,
    amount_total: dueToday,
    ...tax,
    cancel_url: cancelUrl ?? null,
    client_reference_id: str(p.client_reference_id) ?? null,
    created,
    currency,
    customer: customerId ?? null,
    customer_details: null,
    customer_email: str(p.customer_email) ?? null,
    expires_at: expiresAt ?? created + 24 * 3600,
    invoice: null,
    livemode: account.livemode,
    locale,
    metadata: metadataOf(p.metadata),
    mode,
    payment_intent: null,
    payment_status: "unpaid",
    status: "open",
    subscription: null,
    success_url: successUrl ?? null,
    ui_mode: "hosted",
    url: `${sb.baseUrl}/pay/${id}`,
    // Kept for completion; stripped from answers (not part of Stripe's session object).
    _line_items: lineItems,
    _subscription_data: { trial_period_days: trialDays ?? null, metadata: metadataOf(subData.metadata) },
    _payment_intent_metadata: metadataOf(obj(p.payment_intent_data)?.metadata),
  });
}

/** The hosted page's Pay button: charges (or starts the subscription) and completes the session. */
export function completeSession(
  sb: Sandbox,
  account: Account,
  session: StripeObject,
  email: string,
  address: BillingAddress | null = null,
  cardholder: string | null = null,
  card = "",
): StripeObject {
  if (session.status !== "open")
    throw new StripeApiError(
      400,
      "invalid_request_error",
      "This Checkout Session is no longer active.",
      "checkout_session_inactive",
    );
  const customer = findOrCreateCustomer(sb, account, session.customer, email);
  session.customer = customer.id;
  applyTax(session, address);
  session.customer_details = {
    address,
    email,
    name: cardholder ?? customer.name ?? null,
    phone: null,
    tax_exempt: "none",
    tax_ids: [],
  };
  session.status = "complete";

  if (session.mode === "payment") {
    const chargeId = randomId("ch_");
    const pi = sb.store.put(account, {
      id: randomId("pi_"),
      object: "payment_intent",
      amount: session.amount_total,
      amount_received: session.amount_total,
      created: nowSeconds(),
      currency: session.currency,
      customer: customer.id,
      latest_charge: chargeId,
      livemode: account.livemode,
      metadata: session._payment_intent_metadata ?? {},
      receipt_email: email,
      status: "succeeded",
    });
    sb.store.put(account, {
      id: chargeId,
      object: "charge",
      amount: session.amount_total,
      amount_captured: session.amount_total,
      amount_refunded: 0,
      billing_details: { email, name: cardholder, phone: null, address },
      captured: true,
      created: nowSeconds(),
      currency: session.currency,
      customer: customer.id,
      livemode: account.livemode,
      metadata: pi.metadata,
      paid: true,
      payment_intent: pi.id,
      receipt_email: email,
      refunded: false,
      status: "succeeded",
    });
    session.payment_intent = pi.id;
    session.payment_status = "paid";
  } else {
    const sub = createSubscription(
      sb,
      account,
      customer.id,
      session._line_items.map((li: StripeObject) => li.price),
      session._subscription_data,
      { number: card, email, name: cardholder },
    );
    session.subscription = sub.id;
    session.invoice = sub.latest_invoice;
    session.payment_status = sub.status === "trialing" ? "no_payment_required" : "paid";
  }
  sb.store.changed();
  sb.events.emit(account, "checkout.session.completed", present(session));
  return session;
}

function findOrCreateCustomer(sb: Sandbox, account: Account, existing: string | null, email: string): StripeObject {
  if (existing && account.objects[existing]) return account.objects[existing]!;
  const known = sb.store.ofType(account, "customer").find((c) => c.email === email);
  if (known) return known;
  return sb.store.put(account, {
    id: randomId("cus_", 14),
    object: "customer",
    created: nowSeconds(),
    email,
    livemode: account.livemode,
    metadata: {},
    name: null,
  });
}

/** The API shape: internal fields dropped, `expand[]` honoured for the fields the product reads. */
export function present(session: StripeObject, expand: string[] = [], account?: Account): StripeObject {
  const out: StripeObject = Object.fromEntries(
    Object.entries(session).filter(([k]) => !k.startsWith("_")),
  ) as StripeObject;
  if (expand.includes("line_items")) {
    out.line_items = {
      object: "list",
      data: publicLineItems(session),
      has_more: false,
      url: `/v1/checkout/sessions/${session.id}/line_items`,
    };
  }
  for (const field of ["customer", "subscription", "payment_intent", "invoice"]) {
    if (expand.includes(field) && account && typeof out[field] === "string")
      out[field] = account.objects[out[field]] ?? out[field];
  }
  return out;
}

/** Line items without the sandbox's private fields. */
export const publicLineItems = (session: StripeObject): StripeObject[] =>
  (session._line_items ?? []).map((li: StripeObject) =>
    Object.fromEntries(Object.entries(li).filter(([k]) => !k.startsWith("_"))),
  );
