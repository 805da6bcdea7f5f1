import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { productBody, signInAdmin, signInWithRole, type Person } from "./actors";

/**
 * Bundles (rule: Bundles): POST/PUT /api/products with type "bundle" and bundle_product_ids,
 * role by role, and every item the server refuses with its sentence.
 */
const stack = useStack();

let ann: Person;
let bob: Person;
let cara: Person;
const made: Record<string, string> = {};

async function product(who: Person, body: Record<string, unknown>) {
  const res = await call(stack(), "POST", "/api/products", { cookie: who.cookie, body });
  if (res.status !== 201) throw new Error(`product: ${res.status} ${res.text}`);
  return res.json.id as string;
}

const bundle = (ids: string[], extra: Record<string, unknown> = {}) => ({
  name: "Everything",
  price: "30",
  content_url: "",
  type: "bundle",
  bundle_product_ids: ids,
  ...extra,
});

beforeAll(async () => {
  ann = await signInWithRole(stack(), "ann@example.com", "creator");
  bob = await signInWithRole(stack(), "bob@example.com", "creator");
  cara = await signInWithRole(stack(), "cara@example.com", "customer");
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: ann.id }).set({ plan: "business" }).go();
  made.guide = await product(ann, { ...productBody("Guide"), price: "12" });
  made.course = await product(ann, { ...productBody("Course"), price: "20", license_keys: true });
  made.kit = await product(ann, { ...productBody("Kit"), price: "9.50" });
  made.euro = await product(ann, { ...productBody("Euro book"), currency: "eur" });
  made.club = await product(ann, {
    ...productBody("Club"),
    billing: "recurring",
    tiers: [{ name: "Basic", prices: [{ interval: "month", amount: 5 }] }],
  });
  made.bobs = await product(bob, productBody("Bob's guide"));
});

describe("creating a bundle", () => {
  it("stores a bundle of the creator's own one-time products at its own price", async () => {
    const res = await call(stack(), "POST", "/api/products", {
      cookie: ann.cookie,
      body: bundle([made.guide!, made.course!, made.kit!]),
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      type: "bundle",
      bundle_product_ids: [made.guide, made.course, made.kit],
      price: 3000,
      currency: "usd",
    });
    made.bundle = res.json.id;
    const own = await call(stack(), "GET", "/api/products", { cookie: ann.cookie });
    const guide = own.json.find((p: { id: string }) => p.id === made.guide);
    expect(guide).toMatchObject({ type: "standard", bundle_product_ids: [] });
  });

  it("shows what is inside on the public sales-page view, never the items' content", async () => {
    const res = await call(stack(), "GET", `/api/public/products/${made.bundle}`);
    expect(res.status).toBe(200);
    expect(res.json.type).toBe("bundle");
    expect(res.json.bundle_items).toEqual([
      { id: made.guide, name: "Guide", price: 1200 },
      { id: made.course, name: "Course", price: 2000 },
      { id: made.kit, name: "Kit", price: 950 },
    ]);
    expect(res.text).not.toContain("files.example.com");
  });

  it.each([
    ["one item", () => bundle([made.guide!]), "A bundle holds 2 to 20 products: pick them in bundle_product_ids."],
    ["no items", () => bundle([]), "A bundle holds 2 to 20 products: pick them in bundle_product_ids."],
    [
      "21 items",
      () => bundle(Array.from({ length: 21 }, (_, i) => `p${i}`)),
      "A bundle holds 2 to 20 products: pick them in bundle_product_ids.",
    ],
    ["an item twice", () => bundle([made.guide!, made.guide!]), "A bundle can't hold the same product twice."],
    [
      "ids that are not text",
      () => bundle([1, 2] as never),
      "bundle_product_ids must be a list of 2 to 20 product ids.",
    ],
    [
      "an unknown type",
      () => ({ ...bundle([made.guide!, made.kit!]), type: "box" }),
      "type must be standard or bundle.",
    ],
    [
      "items on a standard product",
      () => ({ ...productBody(), bundle_product_ids: [made.guide!, made.kit!] }),
      "bundle_product_ids is only for bundles: set type to bundle.",
    ],
    [
      "its own content",
      () => bundle([made.guide!, made.kit!], { content_url: "https://files.example.com/x.pdf" }),
      "A bundle delivers its items: it has no content of its own.",
    ],
    [
      "pay what you want",
      () => bundle([made.guide!, made.kit!], { pay_what_you_want: true }),
      "A bundle has a fixed price: pay what you want is for single products.",
    ],
    [
      "licence keys of its own",
      () => bundle([made.guide!, made.kit!], { license_keys: true }),
      "A bundle gives the licence keys of its items: switch license_keys off.",
    ],
    [
      "another creator's product",
      () => bundle([made.guide!, made.bobs!]),
      () => `A bundle holds only your own products: ${made.bobs} is not one of them.`,
    ],
    [
      "an unknown product",
      () => bundle([made.guide!, "no-such-product"]),
      "A bundle holds only your own products: no-such-product is not one of them.",
    ],
    [
      "a membership",
      () => bundle([made.guide!, made.club!]),
      'A bundle holds one-time products only: "Club" is a membership.',
    ],
    [
      "another bundle",
      () => bundle([made.guide!, made.bundle!]),
      'A bundle can\'t hold another bundle: "Everything" is one.',
    ],
    [
      "an item in another currency",
      () => bundle([made.guide!, made.euro!]),
      `A bundle's currency must match its items': "Euro book" is in EUR, the bundle in USD.`,
    ],
  ])("refuses %s with a 400 sentence", async (_, body, message) => {
    const res = await call(stack(), "POST", "/api/products", { cookie: ann.cookie, body: body() });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(typeof message === "function" ? message() : message);
  });

  it("refuses the roles that may not sell: anonymous 401, customer and no-role 403", async () => {
    const body = bundle([made.guide!, made.kit!]);
    expect((await call(stack(), "POST", "/api/products", { body })).status).toBe(401);
    expect((await call(stack(), "POST", "/api/products", { cookie: cara.cookie, body })).status).toBe(403);
  });

  it("gives an admin who sells no way to bundle another creator's products", async () => {
    const admin = await signInAdmin(stack());
    await call(stack(), "POST", "/api/profile/role", { cookie: admin.cookie, body: { role: "creator" } });
    const res = await call(stack(), "POST", "/api/products", {
      cookie: admin.cookie,
      body: bundle([made.guide!, made.kit!]),
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(`A bundle holds only your own products: ${made.guide} is not one of them.`);
  });
});

describe("editing a bundle", () => {
  const put = (who: Person, id: string, body: Record<string, unknown>) =>
    call(stack(), "PUT", `/api/products/${id}`, { cookie: who.cookie, body });

  it("changes its items, checked as on creation", async () => {
    const ok = await put(ann, made.bundle!, { bundle_product_ids: [made.kit!, made.guide!] });
    expect(ok.status).toBe(200);
    expect(ok.json.bundle_product_ids).toEqual([made.kit, made.guide]);
    const self = await put(ann, made.bundle!, { bundle_product_ids: [made.kit!, made.bundle!] });
    expect(self.status).toBe(400);
    expect(self.json.error).toBe("A bundle can't hold itself.");
    const foreign = await put(ann, made.bundle!, { bundle_product_ids: [made.kit!, made.bobs!] });
    expect(foreign.json.error).toBe(`A bundle holds only your own products: ${made.bobs} is not one of them.`);
  });

  it("refuses a currency its items do not share, and a change of type", async () => {
    const eur = await put(ann, made.bundle!, { currency: "eur" });
    expect(eur.status).toBe(400);
    expect(eur.json.error).toBe(`A bundle's currency must match its items': "Kit" is in USD, the bundle in EUR.`);
    const type = await put(ann, made.guide!, { type: "bundle", bundle_product_ids: [made.kit!, made.course!] });
    expect(type.status).toBe(400);
    expect(type.json.error).toBe(
      "A product's type can't change: its buyers bought it as it is. Create a new bundle or product instead.",
    );
  });

  it("is another creator's 404, and a customer's 403", async () => {
    expect((await put(bob, made.bundle!, { bundle_product_ids: [made.bobs!, made.bobs!] })).status).toBe(404);
    expect((await put(cara, made.bundle!, { price: "1" })).status).toBe(403);
    const after = await call(stack(), "GET", `/api/public/products/${made.bundle}`);
    expect(after.json.bundle_items.map((i: { id: string }) => i.id)).toEqual([made.kit, made.guide]);
  });
});
