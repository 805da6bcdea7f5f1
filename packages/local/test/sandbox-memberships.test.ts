import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceSandboxClock, startReceiver, type Receiver } from "../src/testing/receiver";
import { createHmac } from "node:crypto";
import { stripeClient } from "@payloft/core/payment/stripe";
import { startStripeSandbox, type StripeSandbox } from "../src/stripe-sandbox/index";

/**
 * The Stripe sandbox on a seller's own key, as memberships use it: Products and Prices,
 * subscription-mode Checkout with a trial, invoices, the test clock charging renewals and
 * delivering signed events, and card 4000 0000 0000 0341 (attaches, then every charge fails:
 * past_due at the trial's end, cancelled after the retries).
 */
let sandbox: StripeSandbox;
let receiver: Receiver;
const received: { type: string; created: number; object: Record<string, unknown>; signed: boolean }[] = [];
const SECRET = "whsec_memberstest";
const KEY = "sk_test_sellerMembers0001";
const stripe = () => stripeClient(KEY);
const DAY = 86400;

beforeAll(async () => {
  sandbox = await startStripeSandbox({ port: 0, retryDelaysMs: [100] });
  process.env.STRIPE_API_URL = sandbox.url;
  receiver = await startReceiver("/hook", (raw, headers) => {
    const header = String(headers["stripe-signature"] ?? "");
    const t = /t=(\d+)/.exec(header)?.[1];
    const v1 = /v1=([0-9a-f]+)/.exec(header)?.[1];
    const expected = createHmac("sha256", SECRET).update(`${t}.${raw}`).digest("hex");
    const event = JSON.parse(raw);
    received.push({ type: event.type, created: event.created, object: event.data.object, signed: v1 === expected });
  });
  sandbox.ensureEndpoint(KEY, receiver.url, SECRET);
});
afterAll(async () => {
  await sandbox?.stop();
  await receiver?.close();
});

const advance = async (seconds: number) => {
  await advanceSandboxClock(sandbox.url, seconds);
  await sandbox.idle();
};

async function subscribe(card: string, trialDays: number, amount = 900) {
  const product = await stripe().products.create({ name: "Weekly Letters", metadata: { payloft_product: "p1" } });
  const price = await stripe().prices.create({
    product: product.id,
    currency: "eur",
    unit_amount: amount,
    recurring: { interval: "month" },
    metadata: { tier: "basic" },
  });
  const session = await stripe().checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price: price.id, quantity: 1 }],
    subscription_data: { ...(trialDays ? { trial_period_days: trialDays } : {}), metadata: { tier: "basic" } },
    success_url: "http://shop.local/ok",
    customer_email: `m${Math.random()}@example.com`,
  });
  const paid = await fetch(session.url!, { method: "POST", body: new URLSearchParams({ card }), redirect: "manual" });
  const done = await stripe().checkout.sessions.retrieve(session.id);
  return { paid, done, price, product };
}

const eventsOf = (subId: string) =>
  received.filter((e) => e.object.id === subId || (e.object as { subscription?: string }).subscription === subId);

describe("Products and Prices on a seller's key", () => {
  it("creates, archives and refuses to change a price's amount", async () => {
    const product = await stripe().products.create({ name: "Club" });
    const price = await stripe().prices.create({
      product: product.id,
      currency: "usd",
      unit_amount: 1500,
      recurring: { interval: "month", interval_count: 3 },
    });
    expect(price).toMatchObject({
      type: "recurring",
      recurring: { interval: "month", interval_count: 3 },
      active: true,
    });
    const archived = await stripe().prices.update(price.id, { active: false });
    expect(archived.active).toBe(false);
    const listed = await stripe().prices.list({ product: product.id, active: true });
    expect(listed.data).toEqual([]);
    await expect(
      stripe().checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: "http://shop.local/ok",
      }),
    ).rejects.toThrow(/inactive/);
    const renamed = await stripe().products.update(product.id, { name: "Club+" });
    expect(renamed.name).toBe("Club+");
  });
});

describe("the test clock", () => {
  it("ends a trial and renews a month later: two charges, each an invoice.paid, signed and in time order", async () => {
    const { done } = await subscribe("4242 4242 4242 4242", 7);
    const subId = String(done.subscription);
    let sub = await stripe().subscriptions.retrieve(subId);
    expect(sub.status).toBe("trialing");
    expect(sub.default_payment_method).toMatch(/^pm_/);
    await advance(7 * DAY + 60);
    sub = await stripe().subscriptions.retrieve(subId);
    expect(sub.status).toBe("active");
    await advance(31 * DAY);
    const paid = eventsOf(subId).filter((e) => e.type === "invoice.paid");
    expect(paid.map((e) => (e.object as { amount_paid: number }).amount_paid)).toEqual([0, 900, 900]);
    expect(eventsOf(subId).every((e) => e.signed)).toBe(true);
    const times = paid.map((e) => e.created);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(7 * DAY);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(28 * DAY);
  });

  it("4000 0000 0000 0341: attaches for a trial, then past_due at its end and cancelled after the retries", async () => {
    const { paid, done } = await subscribe("4000 0000 0000 0341", 3);
    expect(paid.status).toBe(303);
    const subId = String(done.subscription);
    await advance(3 * DAY + 60);
    expect((await stripe().subscriptions.retrieve(subId)).status).toBe("past_due");
    const failed = () => eventsOf(subId).filter((e) => e.type === "invoice.payment_failed");
    expect(failed()).toHaveLength(1);
    expect(failed()[0]!.object).toMatchObject({ attempt_count: 1 });
    await advance(16 * DAY);
    expect(
      failed().map((e) => (e.object as { next_payment_attempt: number | null }).next_payment_attempt === null),
    ).toEqual([false, false, false, true]);
    expect((await stripe().subscriptions.retrieve(subId)).status).toBe("canceled");
    expect(eventsOf(subId).some((e) => e.type === "customer.subscription.deleted")).toBe(true);
  });

  it("declines 0341 on the hosted page when the first charge is due today", async () => {
    const { paid, done } = await subscribe("4000 0000 0000 0341", 0);
    expect(paid.status).toBe(402);
    expect(done.status).toBe("open");
  });

  it("ends a subscription cancelled at the period's end when that end comes, not before", async () => {
    const { done } = await subscribe("4242 4242 4242 4242", 0);
    const subId = String(done.subscription);
    await stripe().subscriptions.update(subId, { cancel_at_period_end: true });
    await advance(20 * DAY);
    expect((await stripe().subscriptions.retrieve(subId)).status).toBe("active");
    await advance(12 * DAY);
    expect((await stripe().subscriptions.retrieve(subId)).status).toBe("canceled");
    expect(eventsOf(subId).filter((e) => e.type === "invoice.paid")).toHaveLength(1);
  });

  it("refuses a clock moved by something other than whole seconds", async () => {
    const res = await fetch(`${sandbox.url}/__sandbox/clock/advance`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ seconds: "soon" }),
    });
    expect(res.status).toBe(400);
  });
});
