import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver, type Receiver } from "../src/testing/receiver";
import Stripe from "stripe";
import { stripeClient } from "@payloft/core/payment/stripe";
import { startStripeSandbox, type StripeSandbox } from "../src/stripe-sandbox/index";

/**
 * The payments sandbox driven by the real stripe SDK over HTTP, and its webhooks received by
 * a real HTTP endpoint that verifies them with stripe.webhooks.constructEvent.
 */
let sandbox: StripeSandbox;
let receiver: Receiver;
let receiverUrl = "";
const received: { event: Stripe.Event; raw: string; header: string }[] = [];
/** Answers 500 to this many requests before accepting, to exercise redelivery. */
let failNext = 0;

const SELLER = "sk_test_sellerAAAA1111";
const OTHER = "sk_test_sellerBBBB2222";

beforeAll(async () => {
  sandbox = await startStripeSandbox({ port: 0, retryDelaysMs: [100, 200] });
  process.env.STRIPE_API_URL = sandbox.url;
  receiver = await startReceiver("/hook", (raw, headers) => {
    if (failNext > 0) {
      failNext--;
      return 500;
    }
    received.push({ event: JSON.parse(raw), raw, header: String(headers["stripe-signature"]) });
  });
  receiverUrl = receiver.url;
});

afterAll(async () => {
  await sandbox?.stop();
  await receiver?.close();
});

/** `fn()` once the sandbox has sent every delivery (and retry); fails if it has nothing then. */
async function waitFor<T>(fn: () => T | undefined): Promise<T> {
  await sandbox.idle();
  const v = fn();
  if (!v) throw new Error("nothing matching once every delivery was sent");
  return v;
}

const eventOf = (type: string, objectId: string) =>
  waitFor(() => received.find((r) => r.event.type === type && (r.event.data.object as { id: string }).id === objectId));

/** What the hosted page's Pay button posts. */
async function pay(url: string, form: Record<string, string> = {}) {
  return fetch(url, {
    method: "POST",
    body: new URLSearchParams({ card: "4242 4242 4242 4242", ...form }),
    redirect: "manual",
  });
}

describe("stripe sandbox through the SDK", () => {
  let secret = "";

  it("refuses a malformed key with Stripe's 401 authentication error", async () => {
    const err = await stripeClient("sk_test_1234")
      .balance.retrieve()
      .catch((e) => e);
    // by type name: core and this package may resolve separate copies of the SDK
    expect(err.type).toBe("StripeAuthenticationError");
    expect(err.statusCode).toBe(401);
    expect(err.message).toBe("Invalid API Key provided: sk_test_****1234");
  });

  it("answers balance with livemode matching the key", async () => {
    expect((await stripeClient(SELLER).balance.retrieve()).livemode).toBe(false);
    expect((await stripeClient("sk_live_sellerLive9999").balance.retrieve()).livemode).toBe(true);
  });

  it("creates a webhook endpoint with a signing secret, and deletes it", async () => {
    const temp = await stripeClient(SELLER).webhookEndpoints.create({
      url: "http://127.0.0.1:9/x",
      enabled_events: ["*"],
    });
    expect(temp.secret).toMatch(/^whsec_/);
    const del = await stripeClient(SELLER).webhookEndpoints.del(temp.id);
    expect(del.deleted).toBe(true);
    const again = await stripeClient(SELLER)
      .webhookEndpoints.retrieve(temp.id)
      .catch((e) => e);
    expect(again.statusCode).toBe(404);

    const ep = await stripeClient(SELLER).webhookEndpoints.create({ url: receiverUrl, enabled_events: ["*"] });
    secret = ep.secret!;
  });

  it("runs a payment-mode session: create, retrieve, pay on the hosted page, signed webhook", async () => {
    const stripe = stripeClient(SELLER);
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: 1234,
            product_data: { name: "Design Kit", description: "Figma files" },
          },
        },
      ],
      success_url: "http://shop.local/checkout/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://shop.local/product/p1",
      customer_email: "Buyer@Example.com",
      metadata: { kind: "product", product_id: "p1", creator_id: "u1" },
    });
    expect(session).toMatchObject({
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      amount_total: 1234,
      currency: "usd",
      livemode: false,
    });
    expect(session.url).toBe(`${sandbox.url}/pay/${session.id}`);

    // One seller's key cannot see another seller's session.
    const foreign = await stripeClient(OTHER)
      .checkout.sessions.retrieve(session.id)
      .catch((e) => e);
    expect(foreign.type).toBe("StripeInvalidRequestError");
    expect(foreign.statusCode).toBe(404);
    expect(foreign.code).toBe("resource_missing");

    const page = await (await fetch(session.url!)).text();
    expect(page).toContain("Design Kit");
    expect(page).toContain("$12.34");
    expect(page).toContain("4242 4242 4242 4242");
    expect(page).toContain('href="http://shop.local/product/p1"');

    const declined = await pay(session.url!, { card: "4000 0000 0000 0002" });
    expect(declined.status).toBe(402);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");

    const res = await pay(session.url!);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`http://shop.local/checkout/success?session_id=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ["line_items"] });
    expect(done).toMatchObject({
      status: "complete",
      payment_status: "paid",
      customer_details: { email: "buyer@example.com" },
    });
    expect(done.payment_intent).toMatch(/^pi_/);
    expect(done.line_items?.data[0]?.description).toBe("Design Kit");

    const hit = await eventOf("checkout.session.completed", session.id);
    const verified = stripe.webhooks.constructEvent(hit.raw, hit.header, secret, 300);
    expect((verified.data.object as Stripe.Checkout.Session).metadata).toEqual({
      kind: "product",
      product_id: "p1",
      creator_id: "u1",
    });
    expect(() => stripe.webhooks.constructEvent(hit.raw, hit.header, "whsec_wrong", 300)).toThrow(/signature/i);

    // Refund helper -> charge.refunded
    const refund = await fetch(`${sandbox.url}/__sandbox/refunds`, {
      method: "POST",
      body: new URLSearchParams({ payment_intent: String(done.payment_intent) }),
    });
    expect(refund.status).toBe(200);
    const refunded = await waitFor(() => received.find((r) => r.event.type === "charge.refunded"));
    expect(refunded.event.data.object).toMatchObject({
      payment_intent: done.payment_intent,
      refunded: true,
      amount_refunded: 1234,
    });
    // The session is found from its payment intent (how fulfilment maps a refund to a purchase).
    const list = await stripe.checkout.sessions.list({ payment_intent: String(done.payment_intent), limit: 1 });
    expect(list.data[0]?.id).toBe(session.id);
  });

  it("runs a subscription with a trial: created, updated, cancelled", async () => {
    const stripe = stripeClient(SELLER);
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: 1900,
            recurring: { interval: "month" },
            product_data: { name: "Pro plan" },
          },
        },
      ],
      subscription_data: { trial_period_days: 14, metadata: { user_id: "u9", plan: "pro" } },
      success_url: "http://shop.local/onboarding-success?session_id={CHECKOUT_SESSION_ID}",
      customer_email: "creator@example.com",
    });
    expect((await pay(session.url!)).status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done.payment_status).toBe("no_payment_required");
    const sub = await stripe.subscriptions.retrieve(String(done.subscription));
    expect(sub).toMatchObject({ status: "trialing", metadata: { user_id: "u9", plan: "pro" } });
    expect(sub.items.data[0]?.price.unit_amount).toBe(1900);
    await eventOf("customer.subscription.created", sub.id);

    const item = sub.items.data[0]!;
    const updated = await stripe.subscriptions.update(sub.id, {
      items: [
        {
          id: item.id,
          price_data: {
            currency: "usd",
            unit_amount: 3500,
            recurring: { interval: "month" },
            product: String(item.price.product),
          },
        },
      ],
      proration_behavior: "create_prorations",
      metadata: { plan: "business" },
    });
    expect(updated.items.data).toHaveLength(1);
    expect(updated.items.data[0]?.price.unit_amount).toBe(3500);
    expect(updated.metadata).toEqual({ user_id: "u9", plan: "business" });
    const upd = await eventOf("customer.subscription.updated", sub.id);
    expect(upd.event.data.previous_attributes).toHaveProperty("metadata");

    const cancelled = await stripe.subscriptions.cancel(sub.id);
    expect(cancelled.status).toBe("canceled");
    await eventOf("customer.subscription.deleted", sub.id);
  });

  it("a failing renewal emits invoice.payment_failed, then unpaid and deleted when retries run out", async () => {
    const stripe = stripeClient(SELLER);
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [
        {
          price_data: {
            currency: "usd",
            unit_amount: 900,
            recurring: { interval: "month" },
            product_data: { name: "Starter" },
          },
          quantity: 1,
        },
      ],
      success_url: "http://shop.local/ok",
    });
    await pay(session.url!, { email: "late@example.com" });
    const subId = String((await stripe.checkout.sessions.retrieve(session.id)).subscription);
    const fail = () => fetch(`${sandbox.url}/__sandbox/subscriptions/${subId}/fail_payment`, { method: "POST" });
    expect((await fail()).status).toBe(200);
    expect((await stripe.subscriptions.retrieve(subId)).status).toBe("past_due");
    const failed = await waitFor(() =>
      received.find(
        (r) =>
          r.event.type === "invoice.payment_failed" &&
          (r.event.data.object as Stripe.Invoice).parent?.subscription_details?.subscription === subId,
      ),
    );
    expect(failed.event.data.object).toMatchObject({ customer: expect.stringMatching(/^cus_/), status: "open" });
    await fail();
    await fail();
    expect((await stripe.subscriptions.retrieve(subId)).status).toBe("canceled");
    await eventOf("customer.subscription.deleted", subId);
    const statuses = received
      .filter(
        (r) =>
          r.event.type === "customer.subscription.updated" && (r.event.data.object as Stripe.Subscription).id === subId,
      )
      .map((r) => (r.event.data.object as Stripe.Subscription).status);
    expect(statuses).toContain("unpaid");
  });

  it("retries a failed delivery and records every attempt", async () => {
    failNext = 1;
    const stripe = stripeClient(SELLER);
    const session = await stripe.checkout.sessions.create({
      line_items: [
        { price_data: { currency: "usd", unit_amount: 500, product_data: { name: "Retry me" } }, quantity: 1 },
      ],
      mode: "payment",
      success_url: "http://shop.local/ok",
    });
    await pay(session.url!, { email: "r@example.com" });
    await eventOf("checkout.session.completed", session.id);
    const record = [...sandbox.store.accounts.values()]
      .flatMap((a) => a.events)
      .find(
        (r) =>
          r.event.type === "checkout.session.completed" && (r.event.data.object as { id: string }).id === session.id,
      )!;
    // The receiver has the event before the sandbox has read its answer and marked the delivery.
    await waitFor(() => record.deliveries[0]?.state === "succeeded" || undefined);
    expect(record.deliveries[0]?.attempts.map((a) => a.status)).toEqual([500, 200]);
    const page = await (await fetch(`${sandbox.url}/events`)).text();
    expect(page).toContain(session.id);
  });

  it("replays a POST with the same Idempotency-Key instead of creating twice", async () => {
    const stripe = stripeClient(SELLER);
    const params = {
      mode: "payment" as const,
      line_items: [{ price_data: { currency: "usd", unit_amount: 100, product_data: { name: "Once" } }, quantity: 1 }],
    };
    const a = await stripe.checkout.sessions.create(params, { idempotencyKey: "same-key-1" });
    const b = await stripe.checkout.sessions.create(params, { idempotencyKey: "same-key-1" });
    expect(b.id).toBe(a.id);
  });
});
