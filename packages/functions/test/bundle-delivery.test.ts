import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { openSession, payOnHostedPage, settle } from "@payloft/local/stripe-sandbox/testing";
import { VIEWER_ADDRESS_HEADER } from "@payloft/functions/http/headers";
import { productBody, signInWithRole, type Person } from "./actors";

/**
 * A bundle bought (rule: Bundles): one payment, one purchase, and every item delivered with its
 * own access link (and licence key where the item has keys) on the success answer, the receipt
 * and the portal; deleting or switching off an item keeps its buyers' access; a refund revokes
 * every item once.
 */
const stack = useStack();
const SECRET = "sk_test_kimBundles00001";
const LINK = /^http.*\/a\/[A-Za-z0-9_-]{32}$/;
let kim: Person;
let buyer: Person;
const ids: Record<string, string> = {};
const follow = (url: string) => fetch(url, { redirect: "manual" });
type Item = { product_id: string; name: string; access_url: string | null; license_key: string | null };

beforeAll(async () => {
  kim = await signInWithRole(stack(), "kim@example.com", "creator");
  buyer = await signInWithRole(stack(), "rita@example.com", "customer");
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: kim.id }).set({ plan: "business" }).go();
  const { Integration } = await import("@payloft/core/integration/index");
  await Integration.save(kim.id, {
    provider: "stripe",
    is_active: true,
    is_live: false,
    stripe_publishable_key: "pk_test_kimBundles00001",
    stripe_secret_key: SECRET,
  });
  const create = async (body: Record<string, unknown>) => {
    const res = await call(stack(), "POST", "/api/products", { cookie: kim.cookie, body });
    expect(res.status, res.text).toBe(201);
    return res.json.id as string;
  };
  ids.guide = await create({ ...productBody("Guide"), content_url: "https://files.example.com/guide.pdf" });
  ids.tool = await create({
    ...productBody("Tool"),
    content_url: "https://files.example.com/tool.zip",
    license_keys: true,
  });
  ids.course = await create({ ...productBody("Course"), content_url: "https://files.example.com/course" });
  ids.bundle = await create({
    name: "Everything",
    price: "25",
    type: "bundle",
    bundle_product_ids: [ids.guide, ids.tool, ids.course],
  });
});

async function buyBundle() {
  const session = await openSession(stack(), {
    sellerId: kim.id,
    productId: ids.bundle!,
    secretKey: SECRET,
    price: 2500,
  });
  await payOnHostedPage(session.url!, "rita@example.com");
  await settle(stack());
  const success = await call(stack(), "GET", `/api/checkout/success?session_id=${session.id}`);
  expect(success.status, success.text).toBe(200);
  return { session, success, items: success.json.purchase.bundle_items as Item[] };
}

let bought: Awaited<ReturnType<typeof buyBundle>>;

describe("a bundle of three, bought", () => {
  it("records one purchase and answers three links, the tool's with its licence key", async () => {
    bought = await buyBundle();
    const { PurchaseEntity } = await import("@payloft/core/db/entities");
    const sales = (await PurchaseEntity.query.byCreator({ creator_id: kim.id }).go({ pages: "all" })).data;
    expect(sales.map((p) => p.id)).toEqual([bought.session.id]);
    expect(sales[0]).toMatchObject({ product_id: ids.bundle, amount: 2500, status: "completed" });
    expect(bought.items.map((i) => i.name)).toEqual(["Guide", "Tool", "Course"]);
    for (const i of bought.items) expect(i.access_url).toMatch(LINK);
    expect(new Set(bought.items.map((i) => i.access_url)).size).toBe(3);
    expect(bought.items.map((i) => !!i.license_key)).toEqual([false, true, false]);
    expect(bought.success.text).not.toContain("files.example.com");
  });

  it("each link opens its own item; the bundle's own link leads to the portal", async () => {
    const where = await Promise.all(
      bought.items.map(async (i) => (await follow(i.access_url!)).headers.get("location")),
    );
    expect(where).toEqual([
      "https://files.example.com/guide.pdf",
      "https://files.example.com/tool.zip",
      "https://files.example.com/course",
    ]);
    const own = await follow(bought.success.json.purchase.access_url);
    expect(own.status).toBe(302);
    expect(own.headers.get("location")).toMatch(/\/customer-dashboard$/);
  });

  it("lists every item's link and key in the receipt and the portal, grouped under the bundle", async () => {
    const receipt = stack().outbox.messages.find((m) => m.text.includes(bought.session.id))!;
    for (const i of bought.items) expect(receipt.text).toContain(`${i.name}: ${i.access_url}`);
    expect(receipt.text).toContain(`Licence key for Tool: ${bought.items[1]!.license_key}`);
    expect(receipt.html).toContain("Included in this bundle");
    expect(receipt.text + receipt.html).not.toContain("files.example.com");
    const portal = await call(stack(), "GET", "/api/customer/purchases", { cookie: buyer.cookie });
    const mine = portal.json.purchases.find((p: { id: string }) => p.id === bought.session.id);
    expect(mine.product_name).toBe("Everything");
    expect(mine.bundle_items).toEqual(bought.items);
  });

  it("verifies the item's licence key against the item, not the bundle", async () => {
    const key = bought.items[1]!.license_key;
    const verify = (product_id: string) =>
      call(stack(), "POST", "/api/licenses/verify", {
        body: { product_id, license_key: key, increment_uses_count: false },
        headers: { [VIEWER_ADDRESS_HEADER]: "198.51.100.7" },
      });
    expect((await verify(ids.tool!)).json.valid).toBe(true);
    expect((await verify(ids.bundle!)).status).toBe(404);
  });

  it("keeps its buyers' access when an item is deleted or switched off, and stops selling the changed bundle", async () => {
    expect((await call(stack(), "DELETE", `/api/products/${ids.guide}`, { cookie: kim.cookie })).status).toBe(200);
    const off = await call(stack(), "PUT", `/api/products/${ids.course}`, {
      cookie: kim.cookie,
      body: { is_active: false },
    });
    expect(off.status).toBe(200);
    const guide = await follow(bought.items[0]!.access_url!);
    expect(guide.headers.get("location")).toBe("https://files.example.com/guide.pdf");
    const course = await follow(bought.items[2]!.access_url!);
    expect(course.headers.get("location")).toBe("https://files.example.com/course");
    const again = await call(stack(), "POST", "/api/checkout/create-session", { body: { productId: ids.bundle } });
    expect(again.status).toBe(400);
    expect(again.json.error).toBe(
      "This bundle is currently unavailable for purchase: one of its products is no longer sold in it.",
    );
  });

  it("a refund in the provider's dashboard revokes every item once", async () => {
    const { PurchaseEntity } = await import("@payloft/core/db/entities");
    const pi = (await PurchaseEntity.get({ id: bought.session.id }).go()).data!.payment_intent!;
    for (const attempt of [1, 2]) {
      const refund = await fetch(`${stack().stripe.url}/__sandbox/refunds`, {
        method: "POST",
        body: new URLSearchParams({ payment_intent: pi }),
        redirect: "manual",
      });
      if (attempt === 1) expect(refund.status).toBeLessThan(400);
    }
    await settle(stack());
    const after = (await PurchaseEntity.get({ id: bought.session.id }).go()).data!;
    expect(after.status).toBe("refunded");
    for (const i of bought.items) expect((await follow(i.access_url!)).status).toBe(410);
    const success = await call(stack(), "GET", `/api/checkout/success?session_id=${bought.session.id}`);
    expect(success.json.purchase.bundle_items.map((i: Item) => i.access_url)).toEqual([null, null, null]);
    const verify = await call(stack(), "POST", "/api/licenses/verify", {
      body: { product_id: ids.tool, license_key: bought.items[1]!.license_key },
      headers: { [VIEWER_ADDRESS_HEADER]: "198.51.100.8" },
    });
    expect(verify.json).toEqual({ valid: false, reason: "refunded" });
    const notices = stack().outbox.messages.filter((m) => m.to === "rita@example.com" && /refund/i.test(m.subject));
    expect(notices).toHaveLength(1);
  });
});
