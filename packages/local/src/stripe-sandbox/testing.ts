import { randomUUID } from "node:crypto";
import type { Stack } from "../stack";

/**
 * Test helpers for payment flows against a running local stack (useStack()): a seller with a
 * saved Stripe integration and a product, a paid Checkout Session made through the real
 * SDK and the hosted page, and "wait until every webhook and bus delivery has settled".
 * Imports are late because core modules read Resource, which the stack sets up.
 */
export async function makeSeller(opts: { name?: string; price?: number; contentUrl?: string } = {}) {
  const { UserEntity, ProductEntity } = await import("@payloft/core/db/entities");
  const { Integration } = await import("@payloft/core/integration/index");
  const sellerId = `seller-${randomUUID().slice(0, 8)}`;
  const tag = sellerId.replace(/[^A-Za-z0-9]/g, "");
  // put, not create: under load the SDK may retry a write that did land, and a conditional
  // create then fails with "already exists" on a row this very call wrote (the ids are fresh).
  await UserEntity.put({
    id: sellerId,
    email: `${sellerId}@sellers.test`,
    name: opts.name ?? "Sally Seller",
    role: "creator",
    onboarding_completed: true,
  }).go();
  const productId = `prod-${randomUUID().slice(0, 8)}`;
  await ProductEntity.put({
    id: productId,
    creator_id: sellerId,
    name: "Design Kit",
    description: "Figma files for landing pages",
    price: opts.price ?? 1500,
    content_url: opts.contentUrl ?? "https://files.example.com/design-kit.zip",
  }).go();
  const secretKey = `sk_test_${tag}Secret0001`;
  await Integration.save(sellerId, {
    provider: "stripe",
    is_active: true,
    is_live: false,
    stripe_publishable_key: `pk_test_${tag}Secret0001`,
    stripe_secret_key: secretKey,
  });
  return { sellerId, productId, secretKey, price: opts.price ?? 1500 };
}

/**
 * A checkout of the seller's product created by the product's own code (Checkout.createSession:
 * the session on the seller's Stripe plus Payloft's checkout record with its snapshot), then
 * retrieved from the sandbox like Stripe would answer it.
 */
export async function openSession(
  stack: Stack,
  seller: Awaited<ReturnType<typeof makeSeller>>,
  opts: { email?: string } = {},
) {
  void stack;
  const { Checkout } = await import("@payloft/core/checkout/index");
  const { stripeClient } = await import("@payloft/core/payment/stripe");
  const { url } = await Checkout.createSession(
    { productId: seller.productId },
    opts.email ? { email: opts.email } : null,
  );
  const id = decodeURIComponent(url.split("/pay/")[1]!);
  return stripeClient(seller.secretKey).checkout.sessions.retrieve(id);
}

/** Presses Pay on the hosted checkout page (an HTML form post, as the browser sends it). */
export async function payOnHostedPage(url: string, email = "buyer@example.com", name?: string) {
  const res = await fetch(url, {
    method: "POST",
    body: new URLSearchParams({ email, card: "4242 4242 4242 4242", ...(name ? { name } : {}) }),
    redirect: "manual",
  });
  if (res.status !== 303) throw new Error(`hosted page answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return res.headers.get("location")!;
}

/**
 * The seller refunds a payment in Stripe's dashboard (the sandbox's refund button), so
 * charge.refunded reaches Payloft as a webhook, as it does when a creator refunds outside Payloft.
 * Answers the refund.
 */
export async function refundInDashboard(stack: Stack, paymentIntent: string): Promise<{ id: string; charge: string }> {
  const res = await fetch(`${stack.stripe.url}/__sandbox/refunds`, {
    method: "POST",
    body: new URLSearchParams({ payment_intent: paymentIntent }),
  });
  if (res.status !== 200) throw new Error(`the sandbox refused the refund: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; charge: string };
}

/** Waits until every webhook, bus delivery and outgoing webhook has run its course (Stack.settled). */
export const settle = (stack: Stack) => stack.settled();

/** A seller's endpoint's recorded events for one object (e.g. a session id). */
export function sandboxEvents(stack: Stack, objectId: string) {
  return [...stack.stripe.store.accounts.values()]
    .flatMap((a) => a.events)
    .filter((r) => (r.event.data.object as { id?: string }).id === objectId);
}

/** A restricted key for the account of `secretKey`, made as in Stripe's dashboard (the sandbox's helper). */
export async function restrictedKey(stack: Stack, secretKey: string, permissions: string[]): Promise<string> {
  const res = await fetch(`${stack.stripe.url}/__sandbox/restricted_keys`, {
    method: "POST",
    body: new URLSearchParams([["secret_key", secretKey], ...permissions.map((p) => ["permissions[]", p])]),
  });
  if (res.status !== 200) throw new Error(`restricted key: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { key: string }).key;
}
