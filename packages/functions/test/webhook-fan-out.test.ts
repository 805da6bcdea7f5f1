import { describe, expect, it } from "vitest";
import { useStack, whenSettled } from "@payloft/local/testing/index";
import { makeSeller, openSession, payOnHostedPage, settle } from "@payloft/local/stripe-sandbox/testing";
import { useHookReceiver } from "./hook-receiver";

/**
 * Outgoing webhook triggers: the domain events on the bus reach creators'
 * endpoints as sale.completed, sale.refunded, license.created and subscription.*, through the real checkout,
 * the sandbox's signed webhooks, the bus and the webhook queue.
 */
const stack = useStack();

const hooks = useHookReceiver();
const received = hooks.received;

/** A seller on `plan` with one endpoint for `events`; answers the endpoint's secret. */
async function sellerWithEndpoint(plan: string, events: string[]) {
  const seller = await makeSeller({ price: 2500 });
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: seller.sellerId }).set({ plan }).go();
  const { WebhookEndpoints } = await import("@payloft/core/outgoing-webhook/index");
  const endpoint = await WebhookEndpoints.create(seller.sellerId, { url: hooks.url(), events });
  return { ...seller, endpoint };
}

/**
 * An endpoint that chose `subscription.*` before those events stopped being offered (rule:
 * Only producible events): written as it was stored then, since no new endpoint can choose them.
 */
async function sellerWithLegacyEndpoint(plan: string, events: string[]) {
  const seller = await sellerWithEndpoint(plan, ["sale.completed"]);
  const { WebhookEndpointEntity } = await import("@payloft/core/db/entities");
  await WebhookEndpointEntity.patch({ id: seller.endpoint.id }).set({ events }).go();
  return seller;
}

const ofType = (type: string, saleId: string) =>
  received.filter((r) => r.event.type === type && r.event.data.sale?.id === saleId);

describe("sales reach the seller's endpoints", () => {
  it("a paid checkout sends one signed sale.completed, and a refund one sale.refunded", async () => {
    const seller = await sellerWithEndpoint("business", ["sale.completed", "sale.refunded"]);
    const session = await openSession(stack(), seller);
    await payOnHostedPage(session.url!, "Fan.Out@Example.com");
    await settle(stack());

    const [sale] = await whenSettled(
      stack(),
      "sale.completed",
      () => ofType("sale.completed", session.id),
      (l) => l.length > 0,
    );
    expect(sale!.event.data.sale).toMatchObject({
      id: session.id,
      product_id: seller.productId,
      product_name: "Design Kit",
      customer_email: "fan.out@example.com",
      amount: 2500,
      currency: "usd",
      tax: 0,
      status: "completed",
    });
    const { signatureHeader } = await import("@payloft/core/outgoing-webhook/signature");
    const signed = String(sale!.headers["payloft-signature"]);
    const t = Number(/t=(\d+)/.exec(signed)![1]);
    expect(signed).toBe(signatureHeader(JSON.stringify(sale!.event), seller.endpoint.secret, t));

    const { PurchaseEntity } = await import("@payloft/core/db/entities");
    const pi = (await PurchaseEntity.get({ id: session.id }).go()).data!.payment_intent!;
    const refund = await fetch(`${stack().stripe.url}/__sandbox/refunds`, {
      method: "POST",
      body: new URLSearchParams({ payment_intent: pi }),
    });
    expect(refund.status).toBe(200);
    await settle(stack());
    const [refunded] = await whenSettled(
      stack(),
      "sale.refunded",
      () => ofType("sale.refunded", session.id),
      (l) => l.length > 0,
    );
    expect(refunded!.event.data).toMatchObject({
      reason: "refund",
      amount_refunded: 2500,
      currency: "usd",
      sale: { id: session.id, status: "refunded", amount: 2500, currency: "usd", tax: 0 },
    });
    // Exactly one of each, although fulfilment and the fan-out both handled the events.
    await settle(stack());
    expect(ofType("sale.completed", session.id)).toHaveLength(1);
    expect(ofType("sale.refunded", session.id)).toHaveLength(1);
  });

  it("a taxed sale in euros carries its currency and the tax beside the amount", async () => {
    const seller = await sellerWithEndpoint("business", ["sale.completed"]);
    const { ProductEntity, IntegrationEntity } = await import("@payloft/core/db/entities");
    await ProductEntity.patch({ id: seller.productId }).set({ currency: "eur" }).go();
    await IntegrationEntity.patch({ user_id: seller.sellerId }).set({ automatic_tax: true }).go();
    const session = await openSession(stack(), seller);
    const paid = await fetch(session.url!, {
      method: "POST",
      body: new URLSearchParams({
        email: "steuer@example.de",
        card: "4242 4242 4242 4242",
        country: "DE",
        line1: "Unter den Linden 1",
        city: "Berlin",
        postal_code: "10117",
      }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    await settle(stack());
    const [sale] = await whenSettled(
      stack(),
      "sale.completed",
      () => ofType("sale.completed", session.id),
      (l) => l.length > 0,
    );
    // The sandbox plays German VAT: 19 % of 2500 on top of the price.
    expect(sale!.event.data.sale).toMatchObject({ amount: 2500, currency: "eur", tax: 475 });
  });

  it("an event is delivered once even when the bus delivers the domain event again", async () => {
    const seller = await sellerWithEndpoint("business", ["sale.completed"]);
    const session = await openSession(stack(), seller);
    await payOnHostedPage(session.url!, "twice@example.com");
    await settle(stack());
    await whenSettled(
      stack(),
      "sale.completed",
      () => ofType("sale.completed", session.id),
      (l) => l.length > 0,
    );
    const { Bus } = await import("@payloft/core/bus/index");
    const { PurchasePaid, emit } = await import("@payloft/core/bus/events");
    const first = ofType("sale.completed", session.id)[0]!.event;
    await Bus.publish(
      emit(PurchasePaid, {
        provider: "stripe",
        provider_event_id: "evt_replayed_elsewhere",
        occurred_at: first.created,
        seller_id: seller.sellerId,
        checkout_id: session.id,
        amount: 2500,
        currency: "usd",
      }),
    );
    await settle(stack());
    // A different provider event is a different webhook event; the same one is never sent twice.
    const events = ofType("sale.completed", session.id).map((r) => r.event.id);
    expect(new Set(events).size).toBe(events.length);
  });

  it("a sale with a licence key sends one license.created with the key; a sale without a key none", async () => {
    const seller = await sellerWithEndpoint("business", ["license.created"]);
    const { ProductEntity, PurchaseEntity } = await import("@payloft/core/db/entities");
    await ProductEntity.patch({ id: seller.productId }).set({ license_keys: true }).go();
    const keyed = await openSession(stack(), seller);
    await payOnHostedPage(keyed.url!, "keyholder@example.com");
    await settle(stack());
    const [issued] = await whenSettled(
      stack(),
      "license.created",
      () => ofType("license.created", keyed.id),
      (l) => l.length > 0,
    );
    const key = (await PurchaseEntity.get({ id: keyed.id }).go()).data!.license_key!;
    expect(key).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
    expect(issued!.headers["payloft-event-type"]).toBe("license.created");
    expect(issued!.event.data).toMatchObject({
      license: { key, product_id: seller.productId },
      sale: { id: keyed.id, customer_email: "keyholder@example.com", currency: "usd", tax: 0, status: "completed" },
    });

    await ProductEntity.patch({ id: seller.productId }).set({ license_keys: false }).go();
    const plain = await openSession(stack(), seller);
    await payOnHostedPage(plain.url!, "keyless@example.com");
    await settle(stack());
    // One per keyed sale (the endpoint is not subscribed to sale.completed), none for a sale without a key.
    expect(received.filter((r) => r.event.data.sale?.id === keyed.id).map((r) => r.event.type)).toEqual([
      "license.created",
    ]);
    expect(received.filter((r) => r.event.data.sale?.id === plain.id)).toEqual([]);
  });

  it("a seller below Business, or without the event subscribed, gets nothing", async () => {
    const pro = await sellerWithEndpoint("business", ["sale.refunded"]);
    const { UserEntity } = await import("@payloft/core/db/entities");
    await UserEntity.patch({ id: pro.sellerId }).set({ plan: "pro" }).go();
    const session = await openSession(stack(), pro);
    await payOnHostedPage(session.url!, "nobody@example.com");
    await settle(stack());
    expect(received.filter((r) => JSON.stringify(r.event).includes(session.id))).toEqual([]);
  });
});

describe("the creator's own subscription reaches their endpoints", () => {
  it("created, updated and cancelled follow the provider's subscription events (an endpoint that chose them earlier)", async () => {
    const seller = await sellerWithLegacyEndpoint("business", ["subscription.*"]);
    const { Bus } = await import("@payloft/core/bus/index");
    const { SubscriptionChanged, emit } = await import("@payloft/core/bus/events");
    const change = (n: number, extra: { created?: boolean; deleted: boolean; status: "active" | "canceled" }) =>
      emit(SubscriptionChanged, {
        provider: "stripe",
        provider_event_id: `evt_sub_${seller.sellerId}_${n}`,
        occurred_at: Math.floor(Date.now() / 1000) + n,
        user_id: seller.sellerId,
        subscription_ref: `sub_${seller.sellerId}`,
        plan: "business",
        billing_cycle: "monthly",
        ...extra,
      });
    await Bus.publish(change(1, { created: true, deleted: false, status: "active" }));
    await Bus.publish(change(2, { deleted: false, status: "active" }));
    await Bus.publish(change(3, { deleted: true, status: "canceled" }));
    await settle(stack());
    const mine = () => received.filter((r) => r.event.data.subscription?.id === `sub_${seller.sellerId}`);
    const got = await whenSettled(stack(), "three subscription events", mine, (l) => l.length >= 3);
    expect(got.map((r) => r.event.type).sort()).toEqual([
      "subscription.cancelled",
      "subscription.created",
      "subscription.updated",
    ]);
    expect(got.find((r) => r.event.type === "subscription.created")!.event.data.subscription).toEqual({
      id: `sub_${seller.sellerId}`,
      status: "active",
      plan: "business",
      billing_cycle: "monthly",
    });
  });
});
