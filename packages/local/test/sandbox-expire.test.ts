import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver, type Receiver } from "../src/testing/receiver";
import type Stripe from "stripe";
import { stripeClient } from "@payloft/core/payment/stripe";
import { startStripeSandbox, type StripeSandbox } from "../src/stripe-sandbox/index";

/**
 * POST /v1/checkout/sessions/{id}/expire through the real SDK: only an open session expires
 * (and its signed checkout.session.expired is delivered); anything else answers Stripe's 400.
 */
let sandbox: StripeSandbox;
let receiver: Receiver;
let receiverUrl = "";
const received: { event: Stripe.Event; raw: string; header: string }[] = [];
const SELLER = "sk_test_expireSeller0001";

beforeAll(async () => {
  sandbox = await startStripeSandbox({ port: 0, retryDelaysMs: [100] });
  process.env.STRIPE_API_URL = sandbox.url;
  receiver = await startReceiver("/hook", (raw, headers) => {
    received.push({ event: JSON.parse(raw), raw, header: String(headers["stripe-signature"]) });
  });
  receiverUrl = receiver.url;
});

afterAll(async () => {
  await sandbox?.stop();
  await receiver?.close();
});

const newSession = (stripe: ReturnType<typeof stripeClient>) =>
  stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: 950, product_data: { name: "Kit" } } }],
    success_url: "http://shop.local/ok",
    customer_email: "left@example.com",
    locale: "de",
  });

describe("expiring a Checkout Session", () => {
  it("an open session expires, is retrieved so, and its signed checkout.session.expired is delivered", async () => {
    const stripe = stripeClient(SELLER);
    const ep = await stripe.webhookEndpoints.create({ url: receiverUrl, enabled_events: ["checkout.session.expired"] });
    const session = await newSession(stripe);

    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ id: session.id, status: "expired", payment_status: "unpaid" });
    const again = await stripe.checkout.sessions.retrieve(session.id);
    expect(again).toMatchObject({
      status: "expired",
      currency: "eur",
      amount_total: 950,
      locale: "de",
      customer_email: "left@example.com",
    });

    await sandbox.idle();
    const hit = received.find((r) => (r.event.data.object as { id: string }).id === session.id);
    expect(hit?.event.type).toBe("checkout.session.expired");
    const verified = stripe.webhooks.constructEvent(hit!.raw, hit!.header, ep.secret!, 300);
    expect(verified.data.object).toMatchObject({
      id: session.id,
      status: "expired",
      customer_email: "left@example.com",
    });
  });

  it("an expired or completed session cannot be expired: Stripe's 400, no event", async () => {
    const stripe = stripeClient(SELLER);
    const session = await newSession(stripe);
    await stripe.checkout.sessions.expire(session.id);
    const twice = await stripe.checkout.sessions.expire(session.id).catch((e) => e);
    expect(twice.type).toBe("StripeInvalidRequestError");
    expect(twice.statusCode).toBe(400);
    expect(twice.message).toBe(
      'Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of `expired`.',
    );

    const paid = await newSession(stripe);
    const res = await fetch(paid.url!, {
      method: "POST",
      body: new URLSearchParams({ card: "4242 4242 4242 4242" }),
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    const before = received.length;
    const done = await stripe.checkout.sessions.expire(paid.id).catch((e) => e);
    expect(done.statusCode).toBe(400);
    expect(done.raw).toMatchObject({ type: "invalid_request_error" });
    expect(done.message).toContain("This Checkout Session has a status of `complete`.");
    expect((await stripe.checkout.sessions.retrieve(paid.id)).status).toBe("complete");
    await sandbox.idle();
    expect(received.slice(before).filter((r) => r.event.type === "checkout.session.expired")).toHaveLength(0);
  });

  it("an unknown session is Stripe's 404 resource_missing", async () => {
    const err = await stripeClient(SELLER)
      .checkout.sessions.expire("cs_test_nope")
      .catch((e) => e);
    expect(err.statusCode).toBe(404);
    expect(err.code).toBe("resource_missing");
  });
});
