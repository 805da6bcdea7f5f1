import { expect } from "vitest";
import { advanceSandboxClock } from "@payloft/local/testing/receiver";
import { call, whenSettled } from "@payloft/local/testing/index";
import { MembershipEntity } from "@payloft/core/db/entities";
import type { Stack } from "@payloft/local/stack";
import { productBody, type Person } from "./actors";

/** Memberships in handler tests: a creator's recurring product, and a buyer who subscribes to it. */
export async function recurringProduct(stack: Stack, creator: Person, name: string, extra: object): Promise<string> {
  const made = await call(stack, "POST", "/api/products", {
    cookie: creator.cookie,
    body: { ...productBody(name), billing: "recurring", ...extra },
  });
  if (made.status !== 201) throw new Error(made.text);
  return made.json.id;
}

/** Pays the sandbox's hosted page with a good card; answers the checkout (the first sale's id). */
export async function payMembership(stack: Stack, buyer: Person, productId: string, tier: string, interval: string) {
  const res = await call(stack, "POST", "/api/checkout/create-session", {
    cookie: buyer.cookie,
    body: { productId, tier, interval },
  });
  if (res.status !== 200) throw new Error(res.text);
  const paid = await fetch(res.json.url, {
    method: "POST",
    body: new URLSearchParams({ email: buyer.email, card: "4242424242424242" }),
    redirect: "manual",
  });
  return new URL(paid.headers.get("location")!).searchParams.get("session_id")!;
}

/** …then opens the success page and waits for the membership in the buyer's portal: its id and access link. */
export async function subscribe(stack: Stack, buyer: Person, productId: string, tier: string, interval: string) {
  const checkoutId = await payMembership(stack, buyer, productId, tier, interval);
  const success = await call(stack, "GET", `/api/checkout/success?session_id=${checkoutId}`);
  const mine = await whenSettled(
    stack,
    "membership in the portal",
    async () => (await call(stack, "GET", "/api/customer/memberships", { cookie: buyer.cookie })).json,
    (j) => j.memberships?.some((m: { product_id: string }) => m.product_id === productId),
  );
  const membership = mine.memberships.find((m: { product_id: string }) => m.product_id === productId);
  return { id: membership.id as string, checkoutId, accessUrl: success.json.purchase.access_url as string };
}

/**
 * A visitor (not signed in) subscribes with `email` and `card` on the hosted page (4000 0000 0000
 * 0341 attaches, then every charge fails): the checkout, its success answer and the recorded membership.
 */
export async function subscribeWithCard(
  stack: Stack,
  productId: string,
  tier: string,
  email: string,
  card = "4242424242424242",
  interval = "month",
) {
  const res = await call(stack, "POST", "/api/checkout/create-session", {
    body: { productId, tier, interval },
  });
  expect(res.status, res.text).toBe(200);
  const paid = await fetch(res.json.url, {
    method: "POST",
    body: new URLSearchParams({ email, card }),
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
  const sessionId = new URL(paid.headers.get("location")!).searchParams.get("session_id")!;
  const success = await call(stack, "GET", `/api/checkout/success?session_id=${sessionId}`);
  expect(success.status, success.text).toBe(200);
  const membership = await whenSettled(
    stack,
    "membership",
    async () => (await MembershipEntity.query.byCustomer({ customer_email: email }).go()).data[0],
    (m) => !!m,
  );
  return { sessionId, membership: membership!, success: success.json };
}

/**
 * The sandbox's test clock moves `seconds` forward (renewals, retries, ends), and what it sent
 * settles, with the scheduled jobs that follow the clock; answers the sandbox's new time.
 */
export async function advanceClock(stack: Stack, seconds: number): Promise<number> {
  const now = await advanceSandboxClock(stack.stripe.url, seconds);
  await stack.settled();
  return now;
}
