import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import type { Stack } from "@payloft/local/stack";
import { call } from "@payloft/local/testing/index";
import { payOnHostedPage, sandboxEvents, settle } from "@payloft/local/stripe-sandbox/testing";
import { signInWithRole } from "./actors";

/**
 * One seller's world for the counts property test: a creator signed in through the real flow,
 * with a connected Stripe account in the sandbox and two products, and the moves a buyer, the
 * seller, the seller's bank and Stripe's delivery make, each through the real routes: checkout
 * sessions with Payloft's checkout record, payment on the hosted page, refunds in the seller's
 * Stripe, disputes and (re)deliveries signed with the seller's endpoint secret, the success page
 * and product deletion over the API.
 */
const signer = new Stripe("sk_test_signing_only");

export async function openWorld(stack: Stack, prices: [number, number]) {
  const { ProductEntity, IntegrationEntity, CheckoutEntity } = await import("@payloft/core/db/entities");
  const { Integration } = await import("@payloft/core/integration/index");
  const { stripeClient } = await import("@payloft/core/payment/stripe");
  const tag = randomUUID().slice(0, 8);
  const seller = await signInWithRole(stack, `seller-${tag}@sellers.test`, "creator", "Sam Seller");
  const secretKey = `sk_test_w${tag}Secret0001`;
  await Integration.save(seller.id, {
    provider: "stripe",
    is_active: true,
    is_live: false,
    stripe_publishable_key: `pk_test_w${tag}Secret0001`,
    stripe_secret_key: secretKey,
  });
  const products = await Promise.all(
    prices.map(async (price, i) => {
      const id = `prod-${tag}-${i}`;
      await ProductEntity.create({
        id,
        creator_id: seller.id,
        name: `Kit ${i}`,
        price,
        content_url: `https://files.example.com/kit-${i}.zip`,
      }).go();
      return { id, price };
    }),
  );
  const stripe = stripeClient(secretKey);
  const webhookSecret = (await Integration.webhookSecretFor(seller.id))!;
  const endpointId = (await IntegrationEntity.get({ user_id: seller.id }).go()).data!.webhook_endpoint_id!;
  const hook = `/api/webhooks/stripe/${seller.id}`;
  /** Events the seller's endpoint was sent or could be sent again (Stripe's and the bank's). */
  const events: string[] = [];

  async function post(payload: string) {
    const res = await fetch(`${stack.url}${hook}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      },
      body: payload,
    });
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
  }

  /** Picks up what the sandbox sent for a session or charge, so it can be delivered again later. */
  function remember(objectId: string) {
    for (const r of sandboxEvents(stack, objectId)) {
      const payload = JSON.stringify(r.event);
      if (!events.includes(payload)) events.push(payload);
    }
  }

  return {
    seller,
    products,
    events,
    /** A checkout the way the product's checkout creates it: the session and Payloft's record. */
    async open(product: { id: string; price: number }) {
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        line_items: [
          { quantity: 1, price_data: { currency: "usd", unit_amount: product.price, product_data: { name: "Kit" } } },
        ],
        success_url: `${stack.url}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${stack.url}/product/${product.id}`,
        metadata: { kind: "product", product_id: product.id, creator_id: seller.id },
      });
      await CheckoutEntity.create({
        session_id: session.id,
        kind: "product",
        product_id: product.id,
        creator_id: seller.id,
        amount: product.price,
        currency: "usd",
      }).go();
      return session;
    },
    /** Pays on the hosted page; with `deliver` false the seller's endpoint is off meanwhile (delivery lost for now). */
    async pay(session: Stripe.Checkout.Session, email: string, deliver: boolean) {
      if (!deliver) await stripe.webhookEndpoints.update(endpointId, { disabled: true });
      await payOnHostedPage(session.url!, email);
      await settle(stack);
      if (!deliver) await stripe.webhookEndpoints.update(endpointId, { disabled: false });
      remember(session.id);
      return (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
    },
    /** A refund made in the seller's Stripe dashboard (full when `amount` is undefined). */
    async refund(paymentIntent: string, amount?: number) {
      const res = await fetch(`${stack.stripe.url}/__sandbox/refunds`, {
        method: "POST",
        body: new URLSearchParams({ payment_intent: paymentIntent, ...(amount ? { amount: String(amount) } : {}) }),
      });
      if (res.status !== 200) throw new Error(`refund answered ${res.status}: ${await res.text()}`);
      await settle(stack);
      remember(((await res.json()) as { charge: string }).charge);
    },
    /** The buyer's bank opens a dispute: Stripe's signed charge.dispute.created. */
    async dispute(paymentIntent: string, amount: number) {
      const payload = JSON.stringify({
        id: `evt_${randomUUID().replace(/-/g, "").slice(0, 24)}`,
        object: "event",
        type: "charge.dispute.created",
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: `dp_${randomUUID().replace(/-/g, "").slice(0, 24)}`,
            object: "dispute",
            payment_intent: paymentIntent,
            amount,
            currency: "usd",
            reason: "fraudulent",
          },
        },
      });
      events.push(payload);
      await post(payload);
      await settle(stack);
    },
    /** Stripe delivers an event again (a duplicate, or late: one that never arrived). */
    async redeliver(payload: string) {
      await post(payload);
      await settle(stack);
    },
    async successPage(sessionId: string) {
      const res = await call(stack, "GET", `/api/checkout/success?session_id=${sessionId}`);
      await settle(stack);
      return res.status;
    },
    async deleteProduct(id: string) {
      const res = await call(stack, "DELETE", `/api/products/${id}`, { cookie: seller.cookie });
      if (res.status !== 200) throw new Error(`delete answered ${res.status}: ${res.text}`);
    },
  };
}

export type World = Awaited<ReturnType<typeof openWorld>>;
