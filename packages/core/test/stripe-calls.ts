import type Stripe from "stripe";
import { stripeClientConfig } from "../src/payment/stripe";

/**
 * Every kind of Stripe call our code makes (see `grep -rn "stripe\." packages/core/src`), in
 * an order that works against the payments sandbox, for a client built from a given copy of
 * the SDK with our options. What each call sent and got back is recorded with ids and times
 * made comparable, so two copies of the SDK can be compared call for call.
 */
type StripeSdk = new (key: string, config?: Stripe.StripeConfig) => Stripe;
export type Step = { resource: string; call: string; answer: unknown; requests: string[] };

/** Ids and secrets (cs_…, pi_…, whsec_…), invoice numbers and timestamps differ between two runs; nothing else may. */
const comparable = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value ?? null), (_key, v: unknown) => {
    // An invoice's number starts with its account's own prefix (ABCD1234-0001).
    if (typeof v === "string" && /^[A-Z0-9]{8}-\d{4}$/.test(v)) return "<invoice number>";
    if (typeof v === "string") return v.replace(/\b([a-z]+)_(?:test_|live_)?[A-Za-z0-9]{10,}\b/g, "$1_<id>");
    if (typeof v === "number" && v > 1_000_000_000) return "<time>";
    return v;
  });

const errorOf = (e: unknown) => {
  const err = e as { type?: string; statusCode?: number; code?: string; message?: string };
  return { type: err.type, statusCode: err.statusCode, code: err.code, message: err.message };
};

/** What the hosted payment page's Pay button posts. */
const pay = (url: string | null) =>
  fetch(url!, { method: "POST", body: new URLSearchParams({ card: "4242 4242 4242 4242" }), redirect: "manual" });

const priceData = (unit_amount: number, recurring?: { interval: "month" }) => ({
  currency: "usd",
  unit_amount,
  product_data: { name: "Design Kit" },
  ...(recurring ? { recurring } : {}),
});

export async function runStripeCalls(Sdk: StripeSdk, secretKey: string): Promise<Step[]> {
  const stripe = new Sdk(secretKey, stripeClientConfig());
  const steps: Step[] = [];
  let requests: string[] = [];
  stripe.on("response", (r: Stripe.ResponseEvent) =>
    requests.push(`${r.method} ${String(comparable(r.path))} ${r.status}`),
  );
  async function step<T>(resource: string, call: string, run: () => Promise<T>): Promise<T> {
    requests = [];
    const answer = await run().catch((e: unknown) => ({ error: errorOf(e) }));
    steps.push({ resource, call, answer: comparable(answer), requests });
    return answer as T;
  }

  await step("balance", "retrieve", () => stripe.balance.retrieve());
  const endpoint = await step("webhookEndpoints", "create", () =>
    stripe.webhookEndpoints.create({ url: "http://127.0.0.1:9/hook", enabled_events: ["checkout.session.completed"] }),
  );
  await step("webhookEndpoints", "update", () =>
    stripe.webhookEndpoints.update(endpoint.id, { enabled_events: ["charge.refunded"] }),
  );
  await step("webhookEndpoints", "del", () => stripe.webhookEndpoints.del(endpoint.id));

  const session = await step("checkout", "sessions.create (payment)", () =>
    stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: priceData(1234) }],
      success_url: "http://shop.local/checkout/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://shop.local/product/p1",
      customer_email: "buyer@example.com",
      metadata: { kind: "product", product_id: "p1" },
    }),
  );
  await pay(session.url);
  const paid = await step("checkout", "sessions.retrieve", () =>
    stripe.checkout.sessions.retrieve(session.id, { expand: ["line_items"] }),
  );
  const paymentIntent = String(paid.payment_intent);
  await step("checkout", "sessions.list", () =>
    stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 }),
  );
  const intent = await step("paymentIntents", "retrieve", () => stripe.paymentIntents.retrieve(paymentIntent));
  await step("refunds", "create", () =>
    stripe.refunds.create(
      { payment_intent: paymentIntent, amount: 500 },
      { idempotencyKey: `refund-${paymentIntent}` },
    ),
  );
  await step("charges", "retrieve", () => stripe.charges.retrieve(String(intent.latest_charge)));
  await step("charges", "retrieve (missing: Stripe's error)", () => stripe.charges.retrieve("ch_missing"));
  // A restricted key's permission check (integration/key-check.ts) expires a session that does not exist.
  await step("checkout", "sessions.expire (missing: Stripe's error)", () =>
    stripe.checkout.sessions.expire("cs_missing"),
  );

  const trial = await step("checkout", "sessions.create (subscription)", () =>
    stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ quantity: 1, price_data: priceData(1900, { interval: "month" }) }],
      subscription_data: { trial_period_days: 14, metadata: { plan: "pro" } },
      success_url: "http://shop.local/onboarding-success?session_id={CHECKOUT_SESSION_ID}",
      customer_email: "creator@example.com",
    }),
  );
  await pay(trial.url);
  const done = await step("checkout", "sessions.retrieve (subscription)", () =>
    stripe.checkout.sessions.retrieve(trial.id),
  );
  const sub = await step("subscriptions", "retrieve", () => stripe.subscriptions.retrieve(String(done.subscription)));
  // A membership's charges are invoices' payments (payment/stripe-invoice-payments.ts): both ways.
  const invoiceId = String(sub.latest_invoice);
  await step("invoices", "retrieve", () => stripe.invoices.retrieve(invoiceId));
  await step("invoicePayments", "list (by invoice)", () =>
    stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 }),
  );
  await step("invoicePayments", "list (by payment)", () =>
    stripe.invoicePayments.list({ payment: { type: "payment_intent", payment_intent: paymentIntent }, limit: 1 }),
  );
  // A member's card is replaced on the seller's Billing Portal (membership/manage.ts).
  await step("billingPortal", "sessions.create", () =>
    stripe.billingPortal.sessions.create({
      customer: String(sub.customer),
      return_url: "http://shop.local/customer-dashboard?tab=memberships",
    }),
  );
  await step("subscriptions", "update", () => stripe.subscriptions.update(sub.id, { cancel_at_period_end: true }));
  await step("subscriptions", "cancel", () => stripe.subscriptions.cancel(sub.id));

  // A membership's Product and Prices on the seller's account (checkout/membership.ts syncPrice):
  // the Product is ours by id, so a first sale meets "resource_missing" and creates it.
  const productRef = `payloft_${crypto.randomUUID().replace(/-/g, "")}`;
  await step("products", "update (missing: Stripe's error)", () =>
    stripe.products.update(productRef, { name: "Community — Pro" }),
  );
  await step("products", "create", () =>
    stripe.products.create({ id: productRef, name: "Community — Pro", metadata: { payloft_product: "p1" } }),
  );
  const price = await step("prices", "create", () =>
    stripe.prices.create({
      product: productRef,
      currency: "usd",
      unit_amount: 900,
      recurring: { interval: "month" },
      metadata: { tier: "pro", interval: "month" },
    }),
  );
  await step("prices", "list", () => stripe.prices.list({ product: productRef, active: true, limit: 100 }));
  await step("prices", "update", () => stripe.prices.update(price.id, { active: false }));
  return steps;
}
