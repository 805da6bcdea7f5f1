import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeClient } from "@payloft/core/payment/stripe";
import { startStripeSandbox, type StripeSandbox } from "../src/stripe-sandbox/index";

/**
 * Plan changes at the sandbox prorate like Stripe: pending proration items for a price change
 * in the same interval, an immediate invoice (and a new period) for an interval change,
 * nothing with proration_behavior none or during a trial.
 */
let sandbox: StripeSandbox;
const KEY = "sk_test_prorateAAAA1111";
const stripe = () => stripeClient(KEY);
// The SDK copy core resolves (another copy's types would not match).
type Subscription = Awaited<ReturnType<ReturnType<typeof stripe>["subscriptions"]["retrieve"]>>;
type ProrationBehavior = "create_prorations" | "none" | "always_invoice";

beforeAll(async () => {
  sandbox = await startStripeSandbox({ port: 0, retryDelaysMs: [100] });
  process.env.STRIPE_API_URL = sandbox.url;
});
afterAll(async () => {
  await sandbox?.stop();
});

/** A paid (or trialing) subscription at `amount` per `interval`, through Checkout and the hosted page. */
async function subscribe(amount: number, interval: "month" | "year", trialDays?: number, card = "4242 4242 4242 4242") {
  const session = await stripe().checkout.sessions.create({
    mode: "subscription",
    line_items: [
      {
        quantity: 1,
        price_data: { currency: "usd", unit_amount: amount, recurring: { interval }, product_data: { name: "Plan" } },
      },
    ],
    ...(trialDays ? { subscription_data: { trial_period_days: trialDays } } : {}),
    success_url: "http://shop.local/ok",
    customer_email: `p${Math.random()}@example.com`,
  });
  const paid = await fetch(session.url!, {
    method: "POST",
    body: new URLSearchParams({ card }),
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
  return stripe().subscriptions.retrieve(String((await stripe().checkout.sessions.retrieve(session.id)).subscription));
}

const change = (
  sub: Subscription,
  amount: number,
  interval: "month" | "year",
  proration_behavior?: ProrationBehavior,
  payment_behavior?: "allow_incomplete" | "error_if_incomplete",
) =>
  stripe().subscriptions.update(sub.id, {
    items: [
      {
        id: sub.items.data[0]!.id,
        price_data: {
          currency: "usd",
          unit_amount: amount,
          recurring: { interval },
          product: String(sub.items.data[0]!.price.product),
        },
      },
    ],
    ...(proration_behavior ? { proration_behavior } : {}),
    ...(payment_behavior ? { payment_behavior } : {}),
  });

const pendingOf = async (sub: Subscription) =>
  (await stripe().invoiceItems.list({ customer: String(sub.customer), pending: true, limit: 100 })).data;

describe("proration at the sandbox", () => {
  it("same interval: a credit for the old price and a charge for the new, pending; the period stays", async () => {
    const sub = await subscribe(1900, "month");
    expect(sub.status).toBe("active");
    const updated = await change(sub, 3500, "month");
    expect(updated.items.data[0]!.price).toMatchObject({ unit_amount: 3500, recurring: { interval: "month" } });
    expect(updated.items.data[0]!.current_period_end).toBe(sub.items.data[0]!.current_period_end);
    const items = await pendingOf(sub);
    expect(items).toHaveLength(2);
    expect(items.every((i) => i.proration && i.invoice === null)).toBe(true);
    expect(items.map((i) => i.amount).sort((a, b) => a - b)).toEqual([-1900, 3500]);
    expect(items[0]!.parent?.subscription_details).toMatchObject({
      subscription: sub.id,
      subscription_item: sub.items.data[0]!.id,
    });
    expect((await stripe().invoiceItems.retrieve(items[0]!.id)).id).toBe(items[0]!.id);
  });

  it("proration_behavior none: the price changes, nothing is prorated", async () => {
    const sub = await subscribe(900, "month");
    await change(sub, 1900, "month", "none");
    expect(await pendingOf(sub)).toEqual([]);
  });

  it("always_invoice: the proration items are invoiced and paid at once", async () => {
    const sub = await subscribe(900, "month");
    const updated = await change(sub, 1900, "month", "always_invoice");
    expect(await pendingOf(sub)).toEqual([]);
    const invoice = await stripe().invoices.retrieve(String(updated.latest_invoice));
    expect(invoice).toMatchObject({ status: "paid", billing_reason: "subscription_update", amount_due: 1000 });
  });

  it("interval change: the period restarts now and is invoiced at once, less the unused time", async () => {
    const sub = await subscribe(1900, "month");
    const before = Math.floor(Date.now() / 1000);
    const updated = await change(sub, 18200, "year");
    const item = updated.items.data[0]!;
    expect(item.price).toMatchObject({ unit_amount: 18200, recurring: { interval: "year" } });
    expect(item.current_period_start).toBeGreaterThanOrEqual(before - 1);
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(365 * 86400);
    expect(updated.billing_cycle_anchor).toBe(item.current_period_start);
    const invoice = await stripe().invoices.retrieve(String(updated.latest_invoice));
    expect(invoice).toMatchObject({ status: "paid", amount_due: 18200 - 1900, billing_reason: "subscription_update" });
    expect(await pendingOf(sub)).toEqual([]);
  });

  it("during a trial nothing is prorated and the trial period stays", async () => {
    const sub = await subscribe(1900, "month", 14);
    expect(sub.status).toBe("trialing");
    const updated = await change(sub, 18200, "year");
    expect(updated.items.data[0]!.current_period_end).toBe(sub.trial_end);
    expect(await pendingOf(sub)).toEqual([]);
  });

  it("the change's invoice is charged to the card on file, as a sale (invoice.paid with its payment)", async () => {
    const sub = await subscribe(900, "month");
    const updated = await change(sub, 9000, "year", "always_invoice");
    const invoice = await stripe().invoices.retrieve(String(updated.latest_invoice));
    expect(invoice).toMatchObject({ status: "paid", amount_paid: 9000 - 900, billing_reason: "subscription_update" });
    const paid = (await stripe().events.list({ type: "invoice.paid", limit: 100 })).data;
    expect(paid.filter((e) => (e.data.object as { id?: string }).id === invoice.id)).toHaveLength(1);
  });

  it("payment_behavior error_if_incomplete: a card that fails refuses the update (402) and nothing changes", async () => {
    const trial = await subscribe(900, "month", 1, "4000 0000 0000 0341");
    // The trial ends on the sandbox's clock (the last test: the clock stays moved) and the first charge fails.
    const moved = await fetch(`${sandbox.url}/__sandbox/clock/advance`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"seconds":90000}',
    });
    expect(moved.status).toBe(200);
    const sub = await stripe().subscriptions.retrieve(trial.id);
    expect(sub.status).toBe("past_due");
    const err = await change(sub, 9000, "year", "always_invoice", "error_if_incomplete").catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 402, type: "StripeCardError", code: "card_declined" });
    const after = await stripe().subscriptions.retrieve(sub.id);
    expect(after.items.data[0]!.price.id).toBe(sub.items.data[0]!.price.id);
    expect(after.latest_invoice).toBe(sub.latest_invoice);
    expect(await pendingOf(sub)).toEqual([]);
  });
});
