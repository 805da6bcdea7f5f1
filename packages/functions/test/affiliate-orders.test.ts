import { beforeAll, describe, expect, it } from "vitest";
import { VIEWER_ADDRESS_HEADER } from "@payloft/functions/http/headers";
import { call, useStack } from "@payloft/local/testing/index";
import { payOnHostedPage } from "@payloft/local/stripe-sandbox/testing";
import { productBody, makeAffiliate, signInSellingCreator, signInWithRole, type Person } from "./actors";

/**
 * An affiliate's referral on an order of several products (a cart from the store, a product
 * with its order bump): the checkout records the affiliate when they may earn on any of its
 * products, and each purchase earns the commission only on a product the affiliate may earn on.
 */
const stack = useStack();
let sam: Person;
let ivy: Person; // earns on the course only
let kim: Person; // earns on every product
const ids: Record<string, string> = {};
const codes: Record<string, string> = {};

let buyers = 0;
async function buy(body: unknown, jar: string) {
  const started = await call(stack(), "POST", "/api/checkout/create-session", {
    body,
    headers: { cookie: jar, [VIEWER_ADDRESS_HEADER]: `198.18.0.${++buyers}` },
  });
  expect(started.status, started.text).toBe(200);
  const back = await payOnHostedPage(started.json.url, `buyer${buyers}@example.com`);
  await stack().settled();
  const orderId = new URL(back).searchParams.get("session_id")!;
  const page = await call(stack(), "GET", `/api/checkout/success?session_id=${encodeURIComponent(orderId)}`);
  const { PurchaseEntity } = await import("@payloft/core/db/entities");
  const purchases = await Promise.all(
    page.json.purchases.map(async (p: { id: string }) => (await PurchaseEntity.get({ id: p.id }).go()).data!),
  );
  return Object.fromEntries(purchases.map((p) => [p.product_name, p.commission ?? 0]));
}

/** The cookie a click on the affiliate's link sets. */
async function clicked(who: Person) {
  const res = await call(stack(), "GET", `/r/${codes[who.email]}`);
  return res.headers.get("set-cookie")!.split(";")[0]!;
}

async function affiliate(who: Person, percent: number, productIds: string[] | null) {
  codes[who.email] = (await makeAffiliate(stack(), sam, who, percent, productIds)).code;
}

beforeAll(async () => {
  sam = await signInSellingCreator(stack(), "sam.aff-orders@example.com");
  ivy = await signInWithRole(stack(), "ivy.aff-orders@example.com", "customer");
  kim = await signInWithRole(stack(), "kim.aff-orders@example.com", "customer");
  const product = async (name: string, extra: object = {}) => {
    const res = await call(stack(), "POST", "/api/products", {
      cookie: sam.cookie,
      body: { ...productBody(name), ...extra },
    });
    expect(res.status, res.text).toBe(201);
    return res.json.id as string;
  };
  ids.templates = await product("Templates", { price: "10" });
  ids.course = await product("Course", { price: "40", order_bump: { product_id: ids.templates, price: 500 } });
  await affiliate(ivy, 10, [ids.course]);
  await affiliate(kim, 20, null);
});

describe("an affiliate's referral on an order", () => {
  it("a cart through a link limited to one product earns on that product only", async () => {
    const cart = { items: [{ productId: ids.course }, { productId: ids.templates }] };
    expect(await buy(cart, await clicked(ivy))).toEqual({ Course: 400, Templates: 0 });
  });

  it("a cart through a link for every product earns on each item, rounded down per item", async () => {
    const cart = { items: [{ productId: ids.course }, { productId: ids.templates }] };
    expect(await buy(cart, await clicked(kim))).toEqual({ Course: 800, Templates: 200 });
  });

  it("a checked order bump earns like a cart: each purchase on its own product", async () => {
    expect(await buy({ productId: ids.course, order_bump: true }, await clicked(ivy))).toEqual({
      Course: 400,
      Templates: 0,
    });
    expect(await buy({ productId: ids.course, order_bump: true }, await clicked(kim))).toEqual({
      Course: 800,
      Templates: 100,
    });
  });

  it("a cart of only products the affiliate may not earn on records no affiliate", async () => {
    expect(await buy({ items: [{ productId: ids.templates }] }, await clicked(ivy))).toEqual({ Templates: 0 });
  });
});
