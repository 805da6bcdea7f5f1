import { describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { makeSeller, openSession, payOnHostedPage, sandboxEvents, settle } from "@payloft/local/stripe-sandbox/testing";

/**
 * Payment recovery end to end with the real sandbox: the seller's Checkout Session is expired
 * through the SDK, the sandbox delivers the signed checkout.session.expired to the seller's
 * webhook, the bus runs RecoverCheckout, and the local outbox shows what was sent.
 */
const stack = useStack();

const entities = async () => import("@payloft/core/db/entities");
const site = () => process.env.SITE_URL!.replace(/\/$/, "");

async function sellerOn(plan: string) {
  const seller = await makeSeller({ name: "Pat Pro" });
  const { UserEntity } = await entities();
  await UserEntity.patch({ id: seller.sellerId }).set({ plan }).go();
  return seller;
}

/** A signed-in buyer's checkout of the seller's product, left unpaid and expired at Stripe. */
async function expireCheckout(seller: Awaited<ReturnType<typeof makeSeller>>, email: string) {
  const { stripeClient } = await import("@payloft/core/payment/stripe");
  const session = await openSession(stack(), seller, { email });
  const expired = await stripeClient(seller.secretKey).checkout.sessions.expire(session.id);
  expect(expired.status).toBe("expired");
  await settle(stack());
  return session.id;
}

const mailTo = (email: string) => stack().outbox.messages.filter((m) => m.to === email);
const recoveryMailTo = (email: string) => mailTo(email).filter((m) => m.subject.startsWith("You left"));
const tokenIn = (text: string) => decodeURIComponent(/\/unsubscribe\?token=(\S+)/.exec(text)![1]!);

async function redeliver(event: unknown, sellerId: string) {
  const { signatureHeader } = await import("@payloft/local/stripe-sandbox/index");
  const { Integration } = await import("@payloft/core/integration/index");
  const secret = (await Integration.webhookSecretFor(sellerId))!;
  const payload = JSON.stringify(event);
  const res = await fetch(`${stack().url}/api/webhooks/stripe/${sellerId}`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signatureHeader(payload, secret) },
    body: payload,
  });
  expect(res.status).toBe(200);
  await settle(stack());
}

describe("payment recovery e-mails", () => {
  it("an expired checkout of a Pro seller's product: one e-mail back to the product, once a week", async () => {
    const seller = await sellerOn("pro");
    const buyer = "left.it@example.com";
    const first = await expireCheckout(seller, buyer);

    const sent = recoveryMailTo(buyer);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('You left "Design Kit" in your checkout');
    expect(sent[0]!.text).toContain(`${site()}/product/${seller.productId}`);
    expect(sent[0]!.text).toMatch(new RegExp(`${site().replace(/[.:/]/g, "\\$&")}/unsubscribe\\?token=\\S+`));

    // Stripe delivers the same event again: nothing more.
    const [event] = sandboxEvents(stack(), first).filter((r) => r.event.type === "checkout.session.expired");
    expect(event).toBeDefined();
    await redeliver(event!.event, seller.sellerId);
    expect(recoveryMailTo(buyer)).toHaveLength(1);

    // Another checkout of the same product by the same buyer, expired within the week: nothing more.
    await expireCheckout(seller, buyer);
    expect(recoveryMailTo(buyer)).toHaveLength(1);

    // The claim is one conditional item with a week's TTL.
    const { EmailNoticeEntity } = await entities();
    const claim = (await EmailNoticeEntity.get({ kind: "recovery", key: `${buyer}#${seller.productId}` }).go()).data;
    expect(claim).toMatchObject({ ref: first });
    expect(claim!.expires_at - Math.floor(Date.parse(claim!.sent_at) / 1000)).toBe(7 * 24 * 3600);

    // A week later (the claim's time is up, TTL not yet run): the next expired checkout is e-mailed again.
    await EmailNoticeEntity.patch({ kind: "recovery", key: `${buyer}#${seller.productId}` })
      .set({ expires_at: Math.floor(Date.now() / 1000) - 1 })
      .go();
    await expireCheckout(seller, buyer);
    expect(recoveryMailTo(buyer)).toHaveLength(2);
  }, 60_000);

  it.each(["free", "starter"])("a %s seller's expired checkouts send nothing", async (plan) => {
    const seller = await sellerOn(plan);
    const buyer = `nobody.${plan}@example.com`;
    const id = await expireCheckout(seller, buyer);
    expect(sandboxEvents(stack(), id).map((r) => r.event.type)).toContain("checkout.session.expired");
    expect(mailTo(buyer)).toHaveLength(0);
  });

  it("an anonymous checkout with no e-mail sends nothing (no known buyer)", async () => {
    const seller = await sellerOn("business");
    const before = stack().outbox.messages.length;
    const { stripeClient } = await import("@payloft/core/payment/stripe");
    const session = await openSession(stack(), seller);
    await stripeClient(seller.secretKey).checkout.sessions.expire(session.id);
    await settle(stack());
    expect(stack().outbox.messages.length).toBe(before);
  });

  it("the unsubscribe link records the opt-out; no more recovery e-mails to that address", async () => {
    const buyer = "no.more@example.com";
    const one = await sellerOn("pro");
    await expireCheckout(one, buyer);
    const [mail] = recoveryMailTo(buyer);
    const token = tokenIn(mail!.text);

    const forged = await call(stack(), "POST", "/api/recovery/unsubscribe", {
      body: { token: token.replace(/.$/, (c) => (c === "A" ? "B" : "A")) },
    });
    expect(forged.status).toBe(400);
    expect(forged.json.error).toBe("This unsubscribe link is not valid. Please use the link from the e-mail as it is.");
    expect((await call(stack(), "POST", "/api/recovery/unsubscribe", { body: {} })).status).toBe(400);

    const res = await call(stack(), "POST", "/api/recovery/unsubscribe", { body: { token } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ email: buyer, unsubscribed: true });
    const { EmailListEntity } = await entities();
    expect((await EmailListEntity.get({ list: "recovery", email: buyer }).go()).data?.unsubscribed_at).toBeTruthy();
    // Following it twice is fine.
    expect((await call(stack(), "POST", "/api/recovery/unsubscribe", { body: { token } })).status).toBe(200);

    // Another Pro seller's product: still nothing for this address.
    const other = await sellerOn("pro");
    await expireCheckout(other, buyer);
    expect(recoveryMailTo(buyer)).toHaveLength(1);
  }, 60_000);

  it("a buyer who has since bought the product is not reminded", async () => {
    const seller = await sellerOn("pro");
    const buyer = "bought.it@example.com";
    const paid = await openSession(stack(), seller, { email: buyer });
    await payOnHostedPage(paid.url!, buyer);
    await settle(stack());
    await expireCheckout(seller, buyer);
    expect(recoveryMailTo(buyer)).toHaveLength(0);
  });

  it("a seller whose endpoint predates recovery gets checkout.session.expired by saving Payment Setup again", async () => {
    const seller = await makeSeller();
    const { Integration } = await import("@payloft/core/integration/index");
    const { IntegrationEntity } = await entities();
    const { stripeClient } = await import("@payloft/core/payment/stripe");
    const endpointId = (await IntegrationEntity.get({ user_id: seller.sellerId }).go()).data!.webhook_endpoint_id!;
    const stripe = stripeClient(seller.secretKey);
    await stripe.webhookEndpoints.update(endpointId, { enabled_events: ["checkout.session.completed"] });

    await Integration.save(seller.sellerId, {
      provider: "stripe",
      is_active: true,
      is_live: false,
      stripe_publishable_key: seller.secretKey.replace("sk_", "pk_"),
      stripe_secret_key: seller.secretKey,
    });
    const endpoint = await stripe.webhookEndpoints.retrieve(endpointId);
    expect(endpoint.enabled_events).toContain("checkout.session.expired");
    expect((await IntegrationEntity.get({ user_id: seller.sellerId }).go()).data!.webhook_endpoint_id).toBe(endpointId);
  });
});
