import { beforeAll, describe, expect, it } from "vitest";
import { VIEWER_ADDRESS_HEADER } from "@payloft/functions/http/headers";
import { call, useStack } from "@payloft/local/testing/index";
import { payOnHostedPage } from "@payloft/local/stripe-sandbox/testing";
import { productBody, signInSellingCreator, signInWithRole, type Person } from "./actors";

/**
 * A payment's purchases are recorded in one DynamoDB transaction (purchase/ledger.ts), and
 * DynamoDB takes at most 100 actions in one. A cart of big bundles could need more: paid, then
 * never recorded. Checkout counts the writes first (purchase/transaction-size.ts) and refuses
 * such an order with a sentence; an order of exactly 100 writes is paid and recorded whole,
 * which proves the count is DynamoDB's (the local DynamoDB refuses 101, as AWS does).
 */
const stack = useStack();
let seller: Person;
let buyer: Person;
const ids: Record<string, string> = {};

let buyers = 0;
const create = (body: unknown) =>
  call(stack(), "POST", "/api/checkout/create-session", {
    body,
    headers: { [VIEWER_ADDRESS_HEADER]: `192.0.2.${++buyers}` },
  });
const cart = (names: string[]) => ({ items: names.map((n) => ({ productId: ids[n], quantity: 1 })) });

async function product(name: string, extra: Record<string, unknown> = {}) {
  const res = await call(stack(), "POST", "/api/products", {
    cookie: seller.cookie,
    body: { ...productBody(name), price: "1", ...extra },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
}

beforeAll(async () => {
  seller = await signInSellingCreator(stack(), "sid.size@example.com");
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: seller.id }).set({ plan: "business" }).go();
  buyer = await signInWithRole(stack(), "bo.size@example.com", "customer");
  // Twenty items with licence keys: in a bundle, each is a link and a key (2 writes).
  const items: string[] = [];
  for (let i = 0; i < 20; i++) items.push(await product(`Item ${i + 1}`, { license_keys: true }));
  for (const b of ["b1", "b2"])
    ids[b] = await product(`Bundle ${b}`, { type: "bundle", bundle_product_ids: items, content_url: "", price: "5" });
  for (let i = 0; i < 7; i++) ids[`key${i}`] = await product(`Keyed ${i}`, { license_keys: true });
  for (let i = 0; i < 3; i++) ids[`plain${i}`] = await product(`Plain ${i}`);
});

// 2 bundles × (1 + 20 × 2) + 7 keyed × 2 + the customer and the buyer = 98; each plain product adds 1.
const KEYED = Array.from({ length: 7 }, (_, i) => `key${i}`);

describe("an order must fit one transaction", () => {
  it("refuses an order that would need 101 writes with a sentence, and opens no checkout", async () => {
    const res = await create(cart(["b1", "b2", ...KEYED, "plain0", "plain1", "plain2"]));
    expect([res.status, res.json.code]).toEqual([400, "cart.too_large"]);
    expect(res.json.error).toBe(
      "These products hold too many items to deliver from one payment (each item of a bundle counts): please buy them in two orders.",
    );
  });

  it("pays and records an order of exactly 100 writes, whole", async () => {
    const res = await create(cart(["b1", "b2", ...KEYED, "plain0", "plain1"]));
    expect(res.status, res.text).toBe(200);
    const back = await payOnHostedPage(res.json.url, buyer.email);
    await stack().settled();
    const orderId = new URL(back).searchParams.get("session_id")!;
    const page = await call(stack(), "GET", `/api/checkout/success?session_id=${encodeURIComponent(orderId)}`);
    expect(page.status, page.text).toBe(200);
    expect(page.json.purchases).toHaveLength(11);
    const bundles = page.json.purchases.filter((p: { bundle_items?: unknown[] }) => p.bundle_items?.length);
    expect(bundles.map((p: { bundle_items: { license_key?: string }[] }) => p.bundle_items.length)).toEqual([20, 20]);
    for (const b of bundles)
      for (const item of b.bundle_items as { license_key?: string }[])
        expect(item.license_key).toEqual(expect.any(String));
  });
});
