import { describe, expect, it } from "vitest";
import Stripe from "stripe";
import { useStack } from "@payloft/local/testing/index";
import { makeSeller, openSession, payOnHostedPage, sandboxEvents, settle } from "@payloft/local/stripe-sandbox/testing";

/** Purchase: reconciliation with the seller's Stripe, and fulfilment's exactly-once bookkeeping. */
const stack = useStack();

async function load() {
  stack();
  const { Purchase } = await import("../src/purchase/index");
  const { Integration } = await import("../src/integration/index");
  const { stripeClient } = await import("../src/payment/stripe");
  const e = await import("../src/db/entities");
  return { Purchase, Integration, stripeClient, ...e };
}

/** A completed, paid session as Stripe sends it (only the fields fulfilment reads). */
const paid = (
  seller: { sellerId: string; productId: string },
  email: string,
  extra: Partial<Stripe.Checkout.Session> = {},
) =>
  ({
    id: `cs_test_${Math.random().toString(36).slice(2)}`,
    object: "checkout.session",
    status: "complete",
    payment_status: "paid",
    amount_total: 1500,
    currency: "usd",
    customer_details: { email },
    customer_email: null,
    metadata: { kind: "product", product_id: seller.productId, creator_id: seller.sellerId },
    ...extra,
  }) as unknown as Stripe.Checkout.Session;

const receipts = (id: string) => stack().outbox.messages.filter((m) => m.text.includes(id));

describe("Purchase.reconcile / successView", () => {
  it("answers 404 'Purchase details not found' for unknown and unpaid sessions", async () => {
    const { Purchase } = await load();
    await expect(Purchase.successView("cs_test_nope")).rejects.toMatchObject({
      status: 404,
      message: "Purchase details not found",
    });
    const seller = await makeSeller();
    const open = await openSession(stack(), seller);
    expect(await Purchase.reconcile(open.id)).toBeNull();
    await expect(Purchase.successView(open.id)).rejects.toMatchObject({ status: 404 });
  });

  it("fulfils from the seller's Stripe when the webhook is late; the late webhook then changes nothing", async () => {
    const { Purchase, Integration, stripeClient, IntegrationEntity, ProductEntity, PurchaseEntity, CounterEntity } =
      await load();
    const seller = await makeSeller();
    const endpointId = (await IntegrationEntity.get({ user_id: seller.sellerId }).go()).data!.webhook_endpoint_id!;
    const stripe = stripeClient(seller.secretKey);
    await stripe.webhookEndpoints.update(endpointId, { disabled: true }); // the webhook is "late"
    const session = await openSession(stack(), seller, { email: "late@example.com" });
    await payOnHostedPage(session.url!, "late@example.com");
    await settle(stack());
    expect((await PurchaseEntity.get({ id: session.id }).go()).data).toBeNull();

    const view = await Purchase.successView(session.id);
    expect(view).toMatchObject({
      product: {
        name: "Design Kit",
        description: "Figma files for landing pages",
        content_url: "https://files.example.com/design-kit.zip",
      },
      purchase: { amount: 1500, customer_email: "late@example.com" },
    });
    expect(view.purchase.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await Purchase.successView(session.id)).toEqual(view);

    // The webhook arrives after all.
    await stripe.webhookEndpoints.update(endpointId, { disabled: false });
    const [record] = sandboxEvents(stack(), session.id).filter((r) => r.event.type === "checkout.session.completed");
    const payload = JSON.stringify(record!.event);
    const secret = (await Integration.webhookSecretFor(seller.sellerId))!;
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
    const res = await fetch(`${stack().url}/api/webhooks/stripe/${seller.sellerId}`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    expect(res.status).toBe(200);
    await settle(stack());

    expect((await PurchaseEntity.query.byCreator({ creator_id: seller.sellerId }).go()).data).toHaveLength(1);
    expect((await ProductEntity.get({ id: seller.productId }).go()).data).toMatchObject({
      sales_count: 1,
      total_revenue: 1500,
    });
    expect((await CounterEntity.get({ scope: `creator#${seller.sellerId}` }).go()).data).toMatchObject({
      sales: 1,
      revenue: 1500,
    });
    expect(receipts(session.id)).toHaveLength(1);
  });
});

describe("Purchase.fulfil", () => {
  it("counts a customer once however many times (and however concurrently) they buy", async () => {
    const { Purchase, CounterEntity, CustomerEntity, BuyerEntity, ProductEntity } = await load();
    const seller = await makeSeller();
    const platformBefore = (await CounterEntity.get({ scope: "platform" }).go()).data?.sales ?? 0;
    // Two different sessions of the same new buyer at the same moment, plus one duplicate each.
    const a = paid(seller, "Repeat@Example.com");
    const b = paid(seller, "repeat@example.com", { amount_total: 2500 });
    const results = await Promise.all([a, b, a, b].map((s) => Purchase.fulfil(seller.sellerId, s)));
    expect(results.every((r) => r?.customer_email === "repeat@example.com")).toBe(true);
    await Purchase.fulfil(seller.sellerId, paid(seller, "other@example.com"));

    expect((await CounterEntity.get({ scope: `creator#${seller.sellerId}` }).go()).data).toMatchObject({
      sales: 3,
      revenue: 5500,
      customers: 2,
    });
    expect(
      (await CustomerEntity.get({ creator_id: seller.sellerId, email: "repeat@example.com" }).go()).data,
    ).toMatchObject({ total_purchases: 2, total_spent: 4000 });
    expect((await BuyerEntity.get({ email: "repeat@example.com" }).go()).data).toMatchObject({
      total_purchases: 2,
      total_spent: 4000,
      creators: [seller.sellerId],
    });
    expect((await ProductEntity.get({ id: seller.productId }).go()).data).toMatchObject({
      sales_count: 3,
      total_revenue: 5500,
    });
    expect((await CounterEntity.get({ scope: "platform" }).go()).data?.sales).toBe(platformBefore + 3);
    expect(receipts(a.id)).toHaveLength(1);
    expect(receipts(b.id)).toHaveLength(1);
  });

  it("links the purchase to an existing account with that e-mail", async () => {
    const { Purchase, UserEntity, EmailEntity, PurchaseEntity } = await load();
    const seller = await makeSeller();
    await UserEntity.create({ id: "buyer-user-1", email: "known@example.com", role: "customer" }).go();
    await EmailEntity.create({ email: "known@example.com", user_id: "buyer-user-1" }).go();
    const s = paid(seller, "KNOWN@example.com");
    await Purchase.fulfil(seller.sellerId, s);
    expect((await PurchaseEntity.get({ id: s.id }).go()).data?.customer_user_id).toBe("buyer-user-1");
  });

  it("ignores sessions that are not a paid purchase of this seller's product", async () => {
    const { Purchase, PurchaseEntity, ProductEntity } = await load();
    const seller = await makeSeller();
    const other = await makeSeller();
    const cases = [
      paid(seller, "x@example.com", { payment_status: "unpaid" }),
      paid(seller, "x@example.com", { metadata: { kind: "plan", plan: "pro" } }),
      // A seller's own signed events cannot fulfil another seller's product.
      paid(other, "x@example.com"),
      paid({ sellerId: seller.sellerId, productId: other.productId }, "x@example.com"),
    ];
    for (const s of cases) expect(await Purchase.fulfil(seller.sellerId, s)).toBeNull();
    for (const s of cases) expect((await PurchaseEntity.get({ id: s.id }).go()).data).toBeNull();
    expect((await ProductEntity.get({ id: other.productId }).go()).data?.sales_count).toBe(0);
  });
});
