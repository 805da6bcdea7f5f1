import { call, whenSettled } from "@payloft/local/testing/index";
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
