import { describe, expect, it } from "vitest";
import Stripe from "stripe";
import { useStack } from "@payloft/local/testing/index";
import { makeSeller, openSession, payOnHostedPage, sandboxEvents, settle } from "@payloft/local/stripe-sandbox/testing";

/**
 * The payments pipeline end to end over HTTP: SDK -> sandbox -> hosted page -> signed webhook ->
 * receiver -> bus -> fulfilment subscriber -> DynamoDB Local + outbox.
 */
const stack = useStack();
const signer = new Stripe("sk_test_signing_only");

async function db() {
  stack();
  const e = await import("@payloft/core/db/entities");
  const { Integration } = await import("@payloft/core/integration/index");
  return { ...e, Integration };
}

/** A product's sales and revenue: its item's from before the figures fold, plus its counter (after settle). */
async function productFigures(id: string) {
  const { ProductEntity } = await db();
  const { withFigures } = await import("@payloft/core/product/figures");
  return (await withFigures([(await ProductEntity.get({ id }).go()).data!]))[0]!;
}

async function post(path: string, payload: string, signature?: string) {
  const res = await fetch(`${stack().url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
    body: payload,
  });
  return { status: res.status, json: await res.json().catch(() => undefined) };
}

const sign = (payload: string, secret: string, timestamp?: number) =>
  signer.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

/**
 * A Payloft checkout paid on the hosted page while the seller's endpoint was switched off, so
 * no delivery happened yet: returns the sandbox's signed-able event, for the test to deliver.
 */
async function paidUndelivered(seller: Awaited<ReturnType<typeof makeSeller>>, email = "Buyer@Example.com") {
  const { stripeClient } = await import("@payloft/core/payment/stripe");
  const { IntegrationEntity } = await db();
  const endpointId = (await IntegrationEntity.get({ user_id: seller.sellerId }).go()).data!.webhook_endpoint_id!;
  const stripe = stripeClient(seller.secretKey);
  await stripe.webhookEndpoints.update(endpointId, { disabled: true });
  const session = await openSession(stack(), seller);
  await payOnHostedPage(session.url!, email);
  await settle(stack());
  await stripe.webhookEndpoints.update(endpointId, { disabled: false });
  const [record] = sandboxEvents(stack(), session.id).filter((r) => r.event.type === "checkout.session.completed");
  return { id: session.id, payload: JSON.stringify(record!.event) };
}

const receiptsFor = (sessionOrProduct: string) =>
  stack().outbox.messages.filter((m) => m.text.includes(sessionOrProduct));

describe("seller webhooks -> purchases", () => {
  it("a session paid on the hosted page is fulfilled through the signed webhook, with one receipt", async () => {
    const { PurchaseEntity, CustomerEntity, CounterEntity, DailyStatEntity } = await db();
    const seller = await makeSeller();
    const session = await openSession(stack(), seller);
    const back = await payOnHostedPage(session.url!, "Ann@Example.com");
    expect(back).toBe(`${stack().url}/checkout/success?session_id=${session.id}`);
    await settle(stack());

    const [record] = sandboxEvents(stack(), session.id).filter((r) => r.event.type === "checkout.session.completed");
    expect(record?.deliveries[0]).toMatchObject({
      state: "succeeded",
      url: `${stack().url}/api/webhooks/stripe/${seller.sellerId}`,
    });
    expect(record?.deliveries[0]?.attempts.at(-1)?.status).toBe(200);

    const purchase = (await PurchaseEntity.get({ id: session.id }).go()).data;
    expect(purchase).toMatchObject({
      product_id: seller.productId,
      product_name: "Design Kit",
      content_url: "https://files.example.com/design-kit.zip",
      creator_id: seller.sellerId,
      creator_name: "Sally Seller",
      customer_email: "ann@example.com",
      amount: 1500,
      status: "completed",
    });
    expect(purchase?.receipt_sent_at).toBeTruthy();
    expect(await productFigures(seller.productId)).toMatchObject({
      sales_count: 1,
      total_revenue: 1500,
    });
    expect(
      (await CustomerEntity.get({ creator_id: seller.sellerId, email: "ann@example.com" }).go()).data,
    ).toMatchObject({ total_purchases: 1, total_spent: 1500, products: ["Design Kit"] });
    expect((await CounterEntity.get({ scope: `creator#${seller.sellerId}` }).go()).data).toMatchObject({
      sales: 1,
      revenue: 1500,
      customers: 1,
    });
    const today = new Date().toISOString().slice(0, 10);
    expect((await DailyStatEntity.get({ scope: `product#${seller.productId}`, date: today }).go()).data).toMatchObject({
      sales: 1,
      revenue: 1500,
    });

    const receipts = receiptsFor(session.id);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ to: "ann@example.com", subject: "Your receipt: Design Kit by Sally Seller" });
    expect(receipts[0]!.text).toContain("$15.00");
    // Access links (product rule): the receipt carries the access link, never the raw content URL.
    expect(receipts[0]!.text).toMatch(/\/a\/[A-Za-z0-9_-]{32}/);
    expect(receipts[0]!.text).not.toContain("files.example.com");
    expect(receipts[0]!.text).toContain(`${stack().url}/customer-dashboard`);
  });

  it("the same event 5 times concurrently and 5 times in sequence records one purchase", async () => {
    const { PurchaseEntity, CounterEntity } = await db();
    const seller = await makeSeller();
    const secret = (await (await db()).Integration.webhookSecretFor(seller.sellerId))!;
    const { id, payload } = await paidUndelivered(seller);
    const path = `/api/webhooks/stripe/${seller.sellerId}`;
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => post(path, payload, sign(payload, secret))));
    expect(concurrent.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(concurrent[0]!.json).toEqual({ received: true });
    await settle(stack());
    for (let i = 0; i < 5; i++) expect((await post(path, payload, sign(payload, secret))).status).toBe(200);
    await settle(stack());

    expect((await PurchaseEntity.get({ id }).go()).data?.customer_email).toBe("buyer@example.com");
    expect((await PurchaseEntity.query.byCreator({ creator_id: seller.sellerId }).go()).data).toHaveLength(1);
    expect(await productFigures(seller.productId)).toMatchObject({
      sales_count: 1,
      total_revenue: 1500,
    });
    expect((await CounterEntity.get({ scope: `creator#${seller.sellerId}` }).go()).data).toMatchObject({
      sales: 1,
      customers: 1,
    });
    expect(receiptsFor(id)).toHaveLength(1);
  });

  it("refuses forged, wrongly keyed, stale, future-dated or unsigned events with 400 and writes nothing", async () => {
    const { PurchaseEntity, Integration } = await db();
    const seller = await makeSeller();
    const other = await makeSeller();
    const secret = (await Integration.webhookSecretFor(seller.sellerId))!;
    const otherSecret = (await Integration.webhookSecretFor(other.sellerId))!;
    const { id, payload } = await paidUndelivered(seller);
    const now = Math.floor(Date.now() / 1000);
    const path = `/api/webhooks/stripe/${seller.sellerId}`;
    const deliveriesBefore = stack().bus.deliveries.length;

    const forged = await post(path, payload, sign(payload, "whsec_forged_by_someone"));
    expect(forged.status).toBe(400);
    expect(forged.json.error).toMatch(/signature/i);
    expect((await post(path, payload, sign(payload, otherSecret))).status).toBe(400);
    // Signed 6 minutes ago, or "6 minutes from now": both outside the 5-minute window.
    const stale = await post(path, payload, sign(payload, secret, now - 6 * 60));
    expect(stale.status).toBe(400);
    expect(stale.json.error).toMatch(/tolerance/i);
    const future = await post(path, payload, sign(payload, secret, now + 6 * 60));
    expect(future.status).toBe(400);
    expect(future.json.error).toMatch(/tolerance/i);
    expect((await post(path, payload)).status).toBe(400);
    // A valid signature over a different body does not carry over to a tampered one.
    expect(
      (await post(path, payload.replace('"amount_total":1500', '"amount_total":1'), sign(payload, secret))).status,
    ).toBe(400);
    expect((await post(`/api/webhooks/stripe/nobody-${Date.now()}`, payload, sign(payload, secret))).status).toBe(400);

    await settle(stack());
    expect(stack().bus.deliveries.length).toBe(deliveriesBefore);
    expect((await PurchaseEntity.get({ id }).go()).data).toBeNull();
    expect((await productFigures(seller.productId)).sales_count).toBe(0);

    // ...while the correctly signed one is accepted, also with a clock 4 minutes ahead or behind.
    expect((await post(path, payload, sign(payload, secret, now + 4 * 60))).status).toBe(200);
    expect((await post(path, payload, sign(payload, secret, now - 4 * 60))).status).toBe(200);
    await settle(stack());
    expect((await PurchaseEntity.get({ id }).go()).data?.status).toBe("completed");
  });

  it("a subscriber that fails once is retried by the bus and then succeeds", async () => {
    const { PurchaseEntity } = await db();
    const { Email } = await import("@payloft/core/email/index");
    const seller = await makeSeller();
    const secret = (await (await db()).Integration.webhookSecretFor(seller.sellerId))!;
    const { id, payload } = await paidUndelivered(seller);

    // The e-mail provider is down for one call: fulfilment stores the purchase, the receipt
    // fails, the subscriber throws, and the bus's retry sends the receipt.
    const outbox = stack().outbox;
    let failures = 1;
    Email.useTransport(async (m) => {
      if (failures-- > 0) throw new Error("SES is unavailable");
      outbox.messages.push({ ...m, id: outbox.messages.length + 1, sentAt: new Date().toISOString() });
    });
    try {
      expect((await post(`/api/webhooks/stripe/${seller.sellerId}`, payload, sign(payload, secret))).status).toBe(200);
      await settle(stack());
    } finally {
      Email.useTransport(async (m) => {
        outbox.messages.push({ ...m, id: outbox.messages.length + 1, sentAt: new Date().toISOString() });
      });
    }
    const delivery = stack().bus.deliveries.find(
      (d) => (d.event.detail as { properties: { checkout_id: string } }).properties.checkout_id === id,
    );
    expect(delivery).toMatchObject({ subscriber: "FulfilPurchase", ok: true, attempts: 2 });
    expect((await PurchaseEntity.get({ id }).go()).data?.status).toBe("completed");
    expect(receiptsFor(id)).toHaveLength(1);
  });

  it("an event the bus does not take answers 503, and the provider's redelivery records the sale once", async () => {
    const { PurchaseEntity } = await db();
    const { PUBLISH_ATTEMPTS } = await import("@payloft/core/bus/index");
    const seller = await makeSeller();
    const secret = (await (await db()).Integration.webhookSecretFor(seller.sellerId))!;
    const { id, payload } = await paidUndelivered(seller);
    const path = `/api/webhooks/stripe/${seller.sellerId}`;

    stack().bus.failNextEntries(PUBLISH_ATTEMPTS);
    const refused = await post(path, payload, sign(payload, secret));
    expect(refused.status).toBe(503);
    await settle(stack());
    expect((await PurchaseEntity.get({ id }).go()).data).toBeNull();

    expect((await post(path, payload, sign(payload, secret))).status).toBe(200);
    await settle(stack());
    expect((await PurchaseEntity.get({ id }).go()).data?.status).toBe("completed");
    expect(receiptsFor(id)).toHaveLength(1);
  });

  it("a refund in the seller's Stripe marks the purchase refunded and reverses its figures once", async () => {
    const { PurchaseEntity, CounterEntity, CustomerEntity } = await db();
    const seller = await makeSeller();
    const session = await openSession(stack(), seller);
    await payOnHostedPage(session.url!, "refund.me@example.com");
    await settle(stack());
    const pi = (await PurchaseEntity.get({ id: session.id }).go()).data?.payment_intent;
    expect(pi).toMatch(/^pi_/);

    const res = await fetch(`${stack().stripe.url}/__sandbox/refunds`, {
      method: "POST",
      body: new URLSearchParams({ payment_intent: pi! }),
    });
    expect(res.status).toBe(200);
    await settle(stack());
    // Stripe may deliver it again: nothing changes the second time.
    const [refunded] = sandboxEvents(stack(), (await res.json()).charge).filter(
      (r) => r.event.type === "charge.refunded",
    );
    const payload = JSON.stringify(refunded!.event);
    const secret = (await (await db()).Integration.webhookSecretFor(seller.sellerId))!;
    expect((await post(`/api/webhooks/stripe/${seller.sellerId}`, payload, sign(payload, secret))).status).toBe(200);
    await settle(stack());

    expect((await PurchaseEntity.get({ id: session.id }).go()).data).toMatchObject({ status: "refunded" });
    expect(await productFigures(seller.productId)).toMatchObject({
      sales_count: 0,
      total_revenue: 0,
    });
    expect((await CounterEntity.get({ scope: `creator#${seller.sellerId}` }).go()).data).toMatchObject({
      sales: 0,
      revenue: 0,
      customers: 1,
    });
    expect(
      (await CustomerEntity.get({ creator_id: seller.sellerId, email: "refund.me@example.com" }).go()).data,
    ).toMatchObject({ total_purchases: 0, total_spent: 0 });
  });

  it("the platform receiver verifies with the platform secret and is delivered to by the sandbox", async () => {
    const payload = JSON.stringify({
      id: "evt_platform_1",
      object: "event",
      type: "customer.created",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "cus_1", object: "customer" } },
    });
    const platformSecret = process.env.LOCAL_STRIPE_WEBHOOK_SECRET!;
    expect((await post("/api/webhooks/stripe", payload, sign(payload, platformSecret))).status).toBe(200);
    expect((await post("/api/webhooks/stripe", payload, sign(payload, "whsec_not_the_platform"))).status).toBe(400);

    const { stripeClient } = await import("@payloft/core/payment/stripe");
    const session = await stripeClient("sk_test_platform_local").checkout.sessions.create({
      mode: "subscription",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: 900,
            recurring: { interval: "month" },
            product_data: { name: "Starter" },
          },
        },
      ],
      success_url: `${stack().url}/onboarding-success?session_id={CHECKOUT_SESSION_ID}`,
    });
    await payOnHostedPage(session.url!, "creator@example.com");
    await settle(stack());
    const [record] = sandboxEvents(stack(), session.id).filter((r) => r.event.type === "checkout.session.completed");
    expect(record?.deliveries[0]?.url).toBe(`${stack().url}/api/webhooks/stripe`);
    expect(record?.deliveries[0]?.attempts[0]?.status).toBe(200);
  });
});
