import { describe, expect, it } from "vitest";
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

type Seller = Awaited<ReturnType<typeof makeSeller>>;

/** Payloft checkouts paid on the hosted page while the seller's webhook is off (nothing delivered yet). */
async function paidQuietly(seller: Seller, emails: string[]) {
  const { stripeClient, IntegrationEntity } = await load();
  const endpointId = (await IntegrationEntity.get({ user_id: seller.sellerId }).go()).data!.webhook_endpoint_id!;
  const stripe = stripeClient(seller.secretKey);
  await stripe.webhookEndpoints.update(endpointId, { disabled: true });
  const ids: string[] = [];
  for (const email of emails) {
    const session = await openSession(stack(), seller);
    await payOnHostedPage(session.url!, email);
    ids.push(session.id);
  }
  await settle(stack());
  await stripe.webhookEndpoints.update(endpointId, { disabled: false });
  return ids;
}

/** purchase.paid as a seller's webhook would publish it. */
const paidEvent = (seller: { sellerId: string }, checkoutId: string) => ({
  provider: "stripe" as const,
  provider_event_id: `evt_${checkoutId}`,
  occurred_at: Math.floor(Date.now() / 1000),
  seller_id: seller.sellerId,
  checkout_id: checkoutId,
  amount: 1500,
  currency: "usd",
});

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
    const { Purchase, Integration, stripeClient, IntegrationEntity, PurchaseEntity, CounterEntity } = await load();
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
      },
      purchase: {
        amount: 1500,
        customer_email: "late@example.com",
        access_url: expect.stringMatching(/\/a\/[\w-]{32}$/),
      },
    });
    // The content is reached through the access link only (rule: Access links), never handed out raw.
    expect(JSON.stringify(view)).not.toContain("design-kit.zip");
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
    expect(await productFigures(seller.productId)).toMatchObject({ sales_count: 1, total_revenue: 1500 });
    expect((await CounterEntity.get({ scope: `creator#${seller.sellerId}` }).go()).data).toMatchObject({
      sales: 1,
      revenue: 1500,
    });
    expect(receipts(session.id)).toHaveLength(1);
  });
});

/** A product's sales and revenue: its item's from before the figures fold, plus its counter. */
async function productFigures(id: string) {
  const { ProductEntity } = await load();
  const { withFigures } = await import("../src/product/figures");
  return (await withFigures([(await ProductEntity.get({ id }).go()).data!]))[0]!;
}

describe("Purchase.onPaid (purchase.paid)", () => {
  it("counts a customer once however many times (and however concurrently) they buy", async () => {
    const { Purchase, CounterEntity, CustomerEntity, BuyerEntity } = await load();
    const seller = await makeSeller();
    const platformBefore = (await CounterEntity.get({ scope: "platform" }).go()).data?.sales ?? 0;
    // Two different checkouts of the same new buyer at the same moment, plus one duplicate each.
    const [a, b, c] = await paidQuietly(seller, ["Repeat@Example.com", "repeat@example.com", "other@example.com"]);
    const results = await Promise.all([a, b, a, b].map((id) => Purchase.onPaid(paidEvent(seller, id!))));
    expect(results.every((r) => r?.customer_email === "repeat@example.com")).toBe(true);
    await Purchase.onPaid(paidEvent(seller, c!));
    // The figures follow from the table's stream (core/src/tally).
    await stack().stream.idle();

    expect((await CounterEntity.get({ scope: `creator#${seller.sellerId}` }).go()).data).toMatchObject({
      sales: 3,
      revenue: 4500,
      customers: 2,
    });
    expect(
      (await CustomerEntity.get({ creator_id: seller.sellerId, email: "repeat@example.com" }).go()).data,
    ).toMatchObject({ total_purchases: 2, total_spent: 3000 });
    expect((await BuyerEntity.get({ email: "repeat@example.com" }).go()).data).toMatchObject({
      total_purchases: 2,
      total_spent: 3000,
      creators: [seller.sellerId],
    });
    expect(await productFigures(seller.productId)).toMatchObject({ sales_count: 3, total_revenue: 4500 });
    expect((await CounterEntity.get({ scope: "platform" }).go()).data?.sales).toBe(platformBefore + 3);
    expect(receipts(a!)).toHaveLength(1);
    expect(receipts(b!)).toHaveLength(1);
  });

  it("links the purchase to an existing account with that e-mail", async () => {
    const { Purchase, UserEntity, EmailEntity, PurchaseEntity } = await load();
    const seller = await makeSeller();
    await UserEntity.create({ id: "buyer-user-1", email: "known@example.com", role: "customer" }).go();
    await EmailEntity.create({ email: "known@example.com", user_id: "buyer-user-1" }).go();
    const [id] = await paidQuietly(seller, ["KNOWN@example.com"]);
    await Purchase.onPaid(paidEvent(seller, id!));
    expect((await PurchaseEntity.get({ id: id! }).go()).data?.customer_user_id).toBe("buyer-user-1");
  });

  it("ignores checkouts that are not a paid Payloft checkout of this seller", async () => {
    const { Purchase, PurchaseEntity } = await load();
    const seller = await makeSeller();
    const other = await makeSeller();
    const unpaid = await openSession(stack(), seller);
    const [othersPaid] = await paidQuietly(other, ["x@example.com"]);
    const cases = [
      paidEvent(seller, unpaid.id),
      // A seller's own signed events cannot fulfil another seller's checkout.
      paidEvent(seller, othersPaid!),
      // Not a checkout Payloft created at all.
      paidEvent(seller, "cs_test_not_ours"),
    ];
    for (const e of cases) expect(await Purchase.onPaid(e)).toBeNull();
    for (const e of cases) expect((await PurchaseEntity.get({ id: e.checkout_id }).go()).data).toBeNull();
    await stack().stream.idle();
    expect((await productFigures(other.productId)).sales_count).toBe(0);
  });
});
