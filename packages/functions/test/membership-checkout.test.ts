import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { stripeClient } from "@payloft/core/payment/stripe";
import { productBody, signInSellingCreator, stripeSecretOf, type Person } from "./actors";

/**
 * Checkout of a membership: POST /api/checkout/create-session {productId, tier, interval} opens a
 * subscription-mode Checkout Session on the seller's own Stripe account, whose Product and Price
 * Payloft creates and keeps in sync through the seller's key, with the product's trial.
 */
const stack = useStack();
const createSession = (body: unknown) => call(stack(), "POST", "/api/checkout/create-session", { body });

let sam: Person;
let productId: string;
let oneTimeId: string;

beforeAll(async () => {
  sam = await signInSellingCreator(stack(), "sam-members@example.com");
  const made = await call(stack(), "POST", "/api/products", {
    cookie: sam.cookie,
    body: {
      ...productBody("Letters Club"),
      billing: "recurring",
      trial_days: 7,
      tiers: [
        {
          id: "basic",
          name: "Basic",
          prices: [
            { interval: "month", amount: "5" },
            { interval: "year", amount: "50" },
          ],
        },
        { id: "pro", name: "Pro", prices: [{ interval: "quarter", amount: "30" }] },
      ],
    },
  });
  if (made.status !== 201) throw new Error(made.text);
  productId = made.json.id;
  oneTimeId = (await call(stack(), "POST", "/api/products", { cookie: sam.cookie, body: productBody("Guide") })).json
    .id;
});

const stripe = () => stripeClient(stripeSecretOf(sam));
const sessionOf = (url: string) => decodeURIComponent(url.split("/pay/")[1]!);

describe("POST /api/checkout/create-session for a membership", () => {
  it.each([
    [{}, "Please choose a membership tier: basic, pro."],
    [{ tier: "gold", interval: "month" }, 'This membership has no tier "gold". Choose one of: basic, pro.'],
    [{ tier: "basic" }, "Please choose how often to pay: month, year."],
    [{ tier: "pro", interval: "month" }, 'The tier "Pro" is not sold by the month. Choose: quarter.'],
    [
      { tier: "basic", interval: "month", discount_code: "SAVE" },
      "Discount codes and pay-what-you-want amounts don't apply to memberships.",
    ],
  ])("answers 400 with a sentence for a missing or unknown choice (%#)", async (choice, message) => {
    const res = await createSession({ productId, ...choice });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
  });

  it("refuses a tier for a one-time product", async () => {
    const res = await createSession({ productId: oneTimeId, tier: "basic", interval: "month" });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("This product is bought once: it has no tiers or intervals.");
  });

  it("opens a subscription-mode session on the seller's account at the tier's price, with the trial", async () => {
    const res = await createSession({ productId, tier: "basic", interval: "year" });
    expect(res.status, res.text).toBe(200);
    const session = await stripe().checkout.sessions.retrieve(sessionOf(res.json.url), { expand: ["line_items"] });
    expect(session).toMatchObject({ mode: "subscription", amount_total: 0, currency: "usd" });
    expect(session.metadata).toMatchObject({
      kind: "membership",
      product_id: productId,
      tier: "basic",
      interval: "year",
    });
    const price = session.line_items!.data[0]!.price!;
    expect(price).toMatchObject({ unit_amount: 5000, recurring: { interval: "year", interval_count: 1 } });
    expect(price.product).toBe(`payloft_${productId}`);

    const { CheckoutEntity } = await import("@payloft/core/db/entities");
    const record = (await CheckoutEntity.get({ session_id: session.id }).go()).data;
    expect(record).toMatchObject({ kind: "membership", tier: "basic", interval: "year", amount: 5000, trial_days: 7 });

    const paid = await fetch(res.json.url, {
      method: "POST",
      body: new URLSearchParams({ email: "buyer-m@example.com", card: "4242 4242 4242 4242" }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    const done = await stripe().checkout.sessions.retrieve(session.id);
    const sub = await stripe().subscriptions.retrieve(String(done.subscription));
    expect(sub.status).toBe("trialing");
    expect(sub.trial_end! - sub.trial_start!).toBe(7 * 86400);
    expect(sub.metadata).toMatchObject({ product_id: productId, tier: "basic", interval: "year" });
  });

  it("a quarter is three months, and a changed amount gets a new Price while the old one is archived", async () => {
    const first = await createSession({ productId, tier: "pro", interval: "quarter" });
    const before = await stripe().checkout.sessions.retrieve(sessionOf(first.json.url), { expand: ["line_items"] });
    const old = before.line_items!.data[0]!.price!;
    expect(old.recurring).toMatchObject({ interval: "month", interval_count: 3 });
    const put = await call(stack(), "PUT", `/api/products/${productId}`, {
      cookie: sam.cookie,
      body: {
        tiers: [
          {
            id: "basic",
            name: "Basic",
            prices: [
              { interval: "month", amount: "5" },
              { interval: "year", amount: "50" },
            ],
          },
          { id: "pro", name: "Pro", prices: [{ interval: "quarter", amount: "36" }] },
        ],
      },
    });
    expect(put.status, put.text).toBe(200);
    const again = await createSession({ productId, tier: "pro", interval: "quarter" });
    const after = await stripe().checkout.sessions.retrieve(sessionOf(again.json.url), { expand: ["line_items"] });
    expect(after.line_items!.data[0]!.price!.unit_amount).toBe(3600);
    expect((await stripe().prices.retrieve(old.id)).active).toBe(false);
    // The same choice again reuses the Price.
    const third = await createSession({ productId, tier: "pro", interval: "quarter" });
    const reused = await stripe().checkout.sessions.retrieve(sessionOf(third.json.url), { expand: ["line_items"] });
    expect(reused.line_items!.data[0]!.price!.id).toBe(after.line_items!.data[0]!.price!.id);
  });

  it("a seller connected before memberships gets the subscription events on their endpoint at the first membership checkout", async () => {
    const { IntegrationEntity } = await import("@payloft/core/db/entities");
    const endpointId = (await IntegrationEntity.get({ user_id: sam.id }).go()).data!.webhook_endpoint_id!;
    const old: ("checkout.session.completed" | "charge.refunded" | "charge.dispute.created")[] = [
      "checkout.session.completed",
      "charge.refunded",
      "charge.dispute.created",
    ];
    await stripe().webhookEndpoints.update(endpointId, { enabled_events: old });
    await IntegrationEntity.patch({ user_id: sam.id }).remove(["webhook_events"]).go();
    expect((await createSession({ productId, tier: "basic", interval: "month" })).status).toBe(200);
    const events = (await stripe().webhookEndpoints.retrieve(endpointId)).enabled_events;
    expect(events).toEqual(
      expect.arrayContaining(["checkout.session.expired", "customer.subscription.updated", "invoice.paid"]),
    );
    // Once brought up to date, later checkouts do not ask Stripe again.
    await stripe().webhookEndpoints.update(endpointId, { enabled_events: old });
    expect((await createSession({ productId, tier: "basic", interval: "month" })).status).toBe(200);
    expect((await stripe().webhookEndpoints.retrieve(endpointId)).enabled_events).toEqual(old);
  });
});
