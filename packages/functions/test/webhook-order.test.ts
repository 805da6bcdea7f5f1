import { describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { makeSeller, openSession, payOnHostedPage, sandboxEvents } from "@payloft/local/stripe-sandbox/testing";
import { quiet, useHookReceiver } from "./hook-receiver";
import { postSellerEvent } from "./seller-stripe";

/**
 * Events out of order and duplicated, on both sides: a refund that arrives before its payment,
 * a provider that sends one event ten times at once, and the sequence receivers order on.
 * Through the real webhook route, bus, subscribers, webhook queue and a real receiver.
 */
const stack = useStack();
const hooks = useHookReceiver();

/** A Business seller whose product is sold with licence keys, with one endpoint for every sale event. */
async function keyedSeller() {
  const seller = await makeSeller({ price: 2500 });
  const { UserEntity, ProductEntity, IntegrationEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: seller.sellerId }).set({ plan: "business" }).go();
  await ProductEntity.patch({ id: seller.productId }).set({ license_keys: true }).go();
  const { WebhookEndpoints } = await import("@payloft/core/outgoing-webhook/index");
  const endpoint = await WebhookEndpoints.create(seller.sellerId, {
    url: hooks.url(),
    events: ["sale.completed", "sale.refunded", "license.created"],
  });
  const endpointAtStripe = (await IntegrationEntity.get({ user_id: seller.sellerId }).go()).data!.webhook_endpoint_id!;
  return { ...seller, endpoint, endpointAtStripe };
}

/** The seller's Stripe stops delivering to Payloft (so the test decides when, and how often, events arrive). */
async function holdProviderEvents(seller: Awaited<ReturnType<typeof keyedSeller>>) {
  const { stripeClient } = await import("@payloft/core/payment/stripe");
  await stripeClient(seller.secretKey).webhookEndpoints.update(seller.endpointAtStripe, { disabled: true });
}

/** Delivers a recorded sandbox event to the seller's Payloft endpoint, signed like Stripe. */
const deliver = async (sellerId: string, event: unknown) => (await postSellerEvent(stack(), sellerId, event)).status;

const eventOf = (objectId: string, type: string) =>
  sandboxEvents(stack(), objectId).find((r) => r.event.type === type)!.event;
const mailTo = (to: string) => stack().outbox.messages.filter((m) => m.to === to);
const aboutSale = (saleId: string) => hooks.received.filter((r) => r.event.data.sale?.id === saleId);

describe("a refund that arrives before its payment", () => {
  it("records the sale refunded and sends the buyer the refund notice, never the receipt with a key", async () => {
    const seller = await keyedSeller();
    await holdProviderEvents(seller);
    const session = await openSession(stack(), seller);
    await payOnHostedPage(session.url!, "early.refund@example.com");
    const paid = await (
      await import("@payloft/core/payment/stripe")
    )
      .stripeClient(seller.secretKey)
      .checkout.sessions.retrieve(session.id);
    const refunded = await fetch(`${stack().stripe.url}/__sandbox/refunds`, {
      method: "POST",
      body: new URLSearchParams({ payment_intent: String(paid.payment_intent) }),
    });
    expect(refunded.status).toBe(200);
    const charge = String((await refunded.json()).charge);

    // The refund first, then the payment, then the payment again.
    expect(await deliver(seller.sellerId, eventOf(charge, "charge.refunded"))).toBe(200);
    await quiet(stack());
    expect(await deliver(seller.sellerId, eventOf(session.id, "checkout.session.completed"))).toBe(200);
    await quiet(stack());
    expect(await deliver(seller.sellerId, eventOf(session.id, "checkout.session.completed"))).toBe(200);
    await quiet(stack());

    const { PurchaseEntity } = await import("@payloft/core/db/entities");
    const sale = (await PurchaseEntity.get({ id: session.id }).go()).data!;
    expect(sale).toMatchObject({ status: "refunded" });
    expect(sale.receipt_sent_at).toBeUndefined();
    const mail = mailTo("early.refund@example.com");
    expect(mail.map((m) => m.subject)).toEqual(["Your purchase of Design Kit was refunded"]);
    expect(mail[0]!.text).toContain("$25.00");
    expect(mail[0]!.text).not.toContain(sale.license_key!);
    expect(mail[0]!.text).not.toMatch(/access is permanent/i);

    const page = await call(stack(), "GET", `/api/checkout/success?session_id=${session.id}`);
    expect(page.json.purchase).toMatchObject({ status: "refunded", access_url: null });

    // The receiver got the refund before the sale, and orders them by sequence.
    const got = aboutSale(session.id).map((r) => [r.event.type, r.event.sequence, r.event.data.sale.status]);
    expect(got).toEqual([
      ["sale.refunded", 2, "refunded"],
      ["sale.completed", 1, "completed"],
      ["license.created", 1, "completed"],
    ]);
  });
});

describe("one event delivered ten times at once", () => {
  it("sends each endpoint one sale.completed and one license.created", async () => {
    const seller = await keyedSeller();
    await holdProviderEvents(seller);
    const session = await openSession(stack(), seller);
    await payOnHostedPage(session.url!, "ten.times@example.com");
    const completed = eventOf(session.id, "checkout.session.completed");

    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(seller.sellerId, completed)));
    expect(answers).toEqual(Array(10).fill(200));
    await quiet(stack());

    expect(
      aboutSale(session.id)
        .map((r) => r.event.type)
        .sort(),
    ).toEqual(["license.created", "sale.completed"]);
    expect(mailTo("ten.times@example.com")).toHaveLength(1);
  });

  it("a delivery whose queue message comes twice while it is being sent is POSTed once", async () => {
    const seller = await keyedSeller();
    const { WebhookEndpoints } = await import("@payloft/core/outgoing-webhook/index");
    const { WebhookQueue } = await import("@payloft/core/queue/webhooks");
    hooks.opts.delayMs = 400;
    try {
      const { event_id } = await WebhookEndpoints.sendTest(seller.sellerId, seller.endpoint.id);
      const { WebhookDeliveryEntity } = await import("@payloft/core/db/entities");
      const [delivery] = (await WebhookDeliveryEntity.query.byEndpoint({ endpoint_id: seller.endpoint.id }).go()).data;
      // SQS may hand out one message more than once: the same delivery, queued again, four times.
      await Promise.all(
        Array.from({ length: 4 }, () => WebhookQueue.send({ deliveryId: delivery!.id, trigger: "first" })),
      );
      await quiet(stack());
      expect(hooks.received.filter((r) => r.event.id === event_id)).toHaveLength(1);
      const stored = (await WebhookDeliveryEntity.get({ id: delivery!.id }).go()).data!;
      expect(stored).toMatchObject({ status: "succeeded" });
      expect(stored.attempts).toHaveLength(1);
    } finally {
      hooks.opts.delayMs = 0;
    }
  });
});
