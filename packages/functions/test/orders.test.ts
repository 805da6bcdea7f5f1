import { beforeAll, describe, expect, it } from "vitest";
import { VIEWER_ADDRESS_HEADER } from "@payloft/functions/http/headers";
import { call, useStack } from "@payloft/local/testing/index";
import { payOnHostedPage } from "@payloft/local/stripe-sandbox/testing";
import { productBody, signInWithRole, type Person } from "./actors";
import { useHookReceiver } from "./hook-receiver";
import { redeliver, sellerStripe } from "./seller-stripe";

/**
 * One payment, several purchases (a cart): create-session {items} opens
 * one Stripe checkout with a line item per product; fulfilment records one purchase per line,
 * each with its own amount, whose sum is what Stripe charged; the success page lists them all;
 * a refund of the whole payment in Stripe's dashboard reverses every purchase once; a creator's
 * refund of one item in Sales History is a partial refund at Stripe that reverses only it.
 * Webhooks are delivered twice and out of order.
 */
const stack = useStack();
const hooks = useHookReceiver();
let apiKey = "";
/** What the seller's endpoint received of `type` about the sales of one order. */
const hooksOf = (type: string, orderId: string) =>
  hooks.received.filter((r) => r.event.type === type && r.event.data.sale?.order_id === orderId);
const SECRET = "sk_test_olga_orders_0001";

let seller: Person;
let other: Person;
let buyer: Person;
const ids: Record<string, string> = {};

const settle = () => stack().settled();
// Each checkout from its own address: checkout creation is rate-limited per address.
let buyers = 0;
const create = (body: unknown) =>
  call(stack(), "POST", "/api/checkout/create-session", {
    body,
    headers: { [VIEWER_ADDRESS_HEADER]: `198.51.100.${++buyers}` },
  });
const cart = (...names: string[]) => ({ items: names.map((n) => ({ productId: ids[n], quantity: 1 })) });
const history = async () =>
  (await call(stack(), "GET", "/api/sales-history?limit=100", { cookie: seller.cookie })).json.sales as {
    id: string;
    order_id: string;
    amount: number;
    status: string;
    product_name: string;
  }[];
const stats = async () => {
  await stack().stream.idle(); // the figures follow from the table's stream
  return (await call(stack(), "GET", "/api/dashboard/stats", { cookie: seller.cookie })).json.stats as {
    totalSales: number;
    totalRevenue: number;
  };
};
const linkStatus = async (link: string) => {
  const res = await fetch(link, { redirect: "manual" });
  await res.arrayBuffer();
  return res.status;
};

async function product(who: Person, name: string, extra: Record<string, unknown> = {}) {
  const res = await call(stack(), "POST", "/api/products", {
    cookie: who.cookie,
    body: { ...productBody(name), ...extra },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
}

async function connectStripe(who: Person, key: string) {
  const res = await call(stack(), "POST", "/api/payment-integration", {
    cookie: who.cookie,
    body: { provider: "stripe", stripe_publishable_key: key.replace("sk_", "pk_"), stripe_secret_key: key },
  });
  expect(res.status).toBe(200);
}

const account = () => sellerStripe(seller.id, SECRET);

/** Delivers (again) the seller's events about a Stripe object, signed as Stripe signs them. */
const deliver = (objectId: string, type: string) => redeliver(stack(), seller.id, objectId, type);

/** Pays for a cart on Stripe's hosted page: the order id (the checkout session id). */
async function buy(body: unknown) {
  const started = await create(body);
  expect(started.status, started.text).toBe(200);
  const back = await payOnHostedPage(started.json.url, buyer.email);
  await settle();
  return new URL(back).searchParams.get("session_id")!;
}

const success = (sessionId: string) =>
  call(stack(), "GET", `/api/checkout/success?session_id=${encodeURIComponent(sessionId)}`);

async function chargeOf(orderId: string) {
  const { stripe } = await account();
  const session = await stripe.checkout.sessions.retrieve(orderId);
  const intent = await stripe.paymentIntents.retrieve(session.payment_intent as string);
  return stripe.charges.retrieve(intent.latest_charge as string);
}

/** A creator on the Business plan (products without a count limit, memberships). */
async function creator(email: string) {
  const person = await signInWithRole(stack(), email, "creator");
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: person.id }).set({ plan: "business" }).go();
  return person;
}

beforeAll(async () => {
  seller = await creator("olga.orders@example.com");
  await connectStripe(seller, SECRET);
  const { WebhookEndpoints } = await import("@payloft/core/outgoing-webhook/index");
  await WebhookEndpoints.create(seller.id, { url: hooks.url(), events: ["sale.completed", "sale.refunded"] });
  apiKey = (await call(stack(), "POST", "/api/api-keys", { cookie: seller.cookie, body: { name: "orders" } })).json.key;
  ids.guide = await product(seller, "Guide", { price: "10.00" });
  ids.bumpMain = await product(seller, "Bump main");
  ids.workbook = await product(seller, "Workbook", { price: "5.00", license_keys: true });
  ids.templates = await product(seller, "Templates", { price: "7.50" });
  ids.tip = await product(seller, "Tip jar", { price: "3", pay_what_you_want: true });
  ids.euro = await product(seller, "Euro pack", { price: "9", currency: "eur" });
  ids.free = await product(seller, "Freebie", { price: "0" });
  ids.letters = await product(seller, "Letters", {
    billing: "recurring",
    tiers: [{ name: "Basic", prices: [{ interval: "month", amount: "5" }] }],
  });
  const code = await call(stack(), "POST", "/api/discounts", {
    cookie: seller.cookie,
    body: { code: "GUIDEHALF", percent_off: 50, product_ids: [ids.guide] },
  });
  expect(code.status, code.text).toBe(201);

  other = await signInWithRole(stack(), "otto.orders@example.com", "creator");
  await connectStripe(other, "sk_test_otto_orders_0001");
  ids.others = await product(other, "Other's kit", { price: "4" });

  buyer = await signInWithRole(stack(), "bo.orders@example.com", "customer");
});

describe("create-session {items}: a cart of one creator's products", () => {
  it("opens one Stripe checkout with a line item per product and records every line", async () => {
    const res = await create({ ...cart("guide", "workbook", "templates"), discount_code: "guidehalf" });
    expect(res.status, res.text).toBe(200);
    const { stripe } = await account();
    const items = await stripe.checkout.sessions.listLineItems(res.json.checkout_id);
    expect(items.data.map((li) => li.amount_total)).toEqual([500, 500, 750]);
    const { CheckoutEntity } = await import("@payloft/core/db/entities");
    const record = (await CheckoutEntity.get({ session_id: res.json.checkout_id }).go()).data!;
    expect(record.amount).toBe(1750);
    // The code covers the guide only: the other items keep their price.
    expect(record.line_items!.map((l) => [l.product_id, l.amount, l.discount_code ?? null])).toEqual([
      [ids.guide, 500, "GUIDEHALF"],
      [ids.workbook, 500, null],
      [ids.templates, 750, null],
    ]);
  });

  it.each([
    [{ items: [] }, "Please send items: a list of 1 to 20 products."],
    [{ items: Array.from({ length: 21 }, () => ({ productId: "p", quantity: 1 })) }, "a list of 1 to 20"],
    [{ items: "guide" }, "Please send items"],
    [{ items: [{ quantity: 1 }] }, "Each item needs a productId."],
    [{ items: [{ productId: "x", quantity: 2 }] }, "Each item's quantity must be 1"],
    [{ items: [null] }, "Each item must be an object"],
  ])("refuses a malformed cart %j with a sentence", async (body, sentence) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(sentence);
  });

  it("refuses another creator's product, mixed currencies, a membership with others, repeats and a free item", async () => {
    const cases: [unknown, string, string][] = [
      [cart("guide", "others"), "cart.other_creator", "A cart holds one creator's products"],
      [cart("guide", "euro"), "cart.mixed_currency", "one payment is in one currency"],
      [cart("guide", "letters"), "cart.recurring", "Letters is a membership"],
      [cart("guide", "guide"), "cart.duplicate", "only once"],
      [cart("guide", "free"), "cart.free_item", "Freebie is free"],
      [{ items: [{ productId: ids.guide, interval: "month" }, { productId: ids.workbook }] }, "cart.recurring", ""],
      [{ ...cart("workbook"), discount_code: "GUIDEHALF" }, "discount.other_product", "doesn't apply to any"],
    ];
    for (const [body, code, sentence] of cases) {
      const res = await create(body);
      expect([res.status, res.json.code], JSON.stringify(body)).toEqual([400, code]);
      expect(res.json.error).toContain(sentence);
    }
    expect((await create({ items: [{ productId: ids.guide }, { productId: "nope" }] })).status).toBe(404);
  });

  it("checks a pay-what-you-want item's chosen price against its minimum", async () => {
    const low = await create({ items: [{ productId: ids.guide }, { productId: ids.tip, amount: 200 }] });
    expect([low.status, low.json.error]).toEqual([400, "Please pay at least $3.00."]);
    const ok = await create({ items: [{ productId: ids.guide }, { productId: ids.tip, amount: 450 }] });
    expect(ok.status).toBe(200);
    const { stripe } = await account();
    const items = await stripe.checkout.sessions.listLineItems(ok.json.checkout_id);
    expect(items.data.map((li) => li.amount_total)).toEqual([1000, 450]);
  });
});

describe("one payment, several purchases", () => {
  it("records one purchase per item from one payment: success page, sales history, figures", async () => {
    const before = await stats();
    const orderId = await buy(cart("guide", "workbook", "templates"));
    const page = await success(orderId);
    expect(page.status).toBe(200);
    const { purchases, purchase } = page.json;
    expect(purchases.map((p: { product_name: string; amount: number }) => [p.product_name, p.amount])).toEqual([
      ["Guide", 1000],
      ["Workbook", 500],
      ["Templates", 750],
    ]);
    expect(purchase).toMatchObject({ id: orderId, amount: 1000 });
    expect(page.json.order).toMatchObject({ id: orderId, amount: 2250, total: 2250, currency: "usd" });
    for (const p of purchases) expect(await linkStatus(p.access_url)).toBe(302);
    expect(purchases[1].license_key).toEqual(expect.any(String));
    // One receipt for the order, listing every item with its price, its own link and its key.
    const receipts = stack().outbox.messages.filter((m) => m.text.includes(orderId));
    expect(receipts.map((m) => m.subject)).toEqual(["Your receipt: Guide and 2 more by olga.orders"]);
    expect(receipts[0]!.text).toContain("Amount paid: $22.50");
    for (const p of purchases) {
      expect(receipts[0]!.text).toContain(`${p.product_name}: ${p.access_url}`);
      expect(receipts[0]!.html).toContain(p.access_url);
    }
    expect(receipts[0]!.text).toContain(`Licence key for Workbook: ${purchases[1].license_key}`);

    const sales = (await history()).filter((s) => s.order_id === orderId);
    expect(sales.map((s) => s.amount).sort()).toEqual([1000, 500, 750].sort());
    expect(await stats()).toMatchObject({
      totalSales: before.totalSales + 3,
      totalRevenue: before.totalRevenue + 2250,
    });
    // API v1 ties them together with order_id; the seller's endpoint gets one sale.completed each.
    const v1 = await call(stack(), "GET", "/api/v1/sales?limit=100", {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(v1.json.data.filter((s: { order_id: string }) => s.order_id === orderId)).toHaveLength(3);
    const completed = hooksOf("sale.completed", orderId);
    expect(completed.map((r) => r.event.data.sale.amount).sort()).toEqual([1000, 500, 750].sort());
    expect(new Set(completed.map((r) => r.event.id)).size).toBe(3);
    // The payment's event delivered again records nothing more and announces nothing more.
    await deliver(orderId, "checkout.session.completed");
    expect((await history()).filter((s) => s.order_id === orderId)).toHaveLength(3);
    expect((await stats()).totalSales).toBe(before.totalSales + 3);
    expect(new Set(hooksOf("sale.completed", orderId).map((r) => r.event.id)).size).toBe(3);
  });

  it("a refund of the whole payment in Stripe's dashboard reverses every purchase once", async () => {
    const orderId = await buy(cart("guide", "templates"));
    const before = await stats();
    const links = (await success(orderId)).json.purchases.map((p: { access_url: string }) => p.access_url);
    const { stripe } = await account();
    const charge = await chargeOf(orderId);
    await stripe.refunds.create({ charge: charge.id });
    await settle();
    expect((await history()).filter((s) => s.order_id === orderId).map((s) => s.status)).toEqual([
      "refunded",
      "refunded",
    ]);
    for (const link of links) expect(await linkStatus(link)).toBe(410);
    const after = await stats();
    expect(after).toMatchObject({ totalSales: before.totalSales - 2, totalRevenue: before.totalRevenue - 1750 });
    await deliver(charge.id, "charge.refunded");
    expect(await stats()).toMatchObject(after);
    const refunded = hooksOf("sale.refunded", orderId);
    expect(new Set(refunded.map((r) => r.event.id)).size).toBe(2);
    expect(refunded.map((r) => r.event.data.amount_refunded).sort()).toEqual([1000, 750]);
  });

  it("a refund that arrives before its payment's event records the order refunded, and the late payment changes nothing", async () => {
    const { stripe, webhooks } = await account();
    await webhooks(false);
    try {
      const started = await create(cart("workbook", "templates"));
      const back = await payOnHostedPage(started.json.url, buyer.email);
      const orderId = new URL(back).searchParams.get("session_id")!;
      const before = await stats();
      const charge = await chargeOf(orderId);
      await stripe.refunds.create({ charge: charge.id });
      await deliver(charge.id, "charge.refunded");
      await deliver(orderId, "checkout.session.completed");
      await deliver(charge.id, "charge.refunded");
      const sales = (await history()).filter((s) => s.order_id === orderId);
      expect(sales.map((s) => s.status)).toEqual(["refunded", "refunded"]);
      expect(await stats()).toMatchObject(before);
      expect((await success(orderId)).json.purchases.map((p: { access_url: unknown }) => p.access_url)).toEqual([
        null,
        null,
      ]);
    } finally {
      await webhooks(true);
    }
  });

  it("a creator's refund of one item is a partial refund at Stripe that reverses only that purchase", async () => {
    const orderId = await buy(cart("guide", "workbook", "templates"));
    const before = await stats();
    const page = (await success(orderId)).json;
    const workbook = page.purchases.find((p: { product_name: string }) => p.product_name === "Workbook");
    const res = await call(stack(), "POST", `/api/sales/${encodeURIComponent(workbook.id)}/refund`, {
      cookie: seller.cookie,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ pending: false, purchase: { id: workbook.id, status: "refunded" } });
    const charge = await chargeOf(orderId);
    expect(charge).toMatchObject({ amount: 2250, amount_refunded: 500, refunded: false });
    await settle();
    const statuses = Object.fromEntries(
      (await history()).filter((s) => s.order_id === orderId).map((s) => [s.product_name, s.status]),
    );
    expect(statuses).toEqual({ Guide: "completed", Workbook: "refunded", Templates: "completed" });
    expect(await linkStatus(workbook.access_url)).toBe(410);
    for (const p of page.purchases.filter((x: { id: string }) => x.id !== workbook.id))
      expect(await linkStatus(p.access_url)).toBe(302);
    const after = await stats();
    expect(after).toMatchObject({ totalSales: before.totalSales - 1, totalRevenue: before.totalRevenue - 500 });
    // Again: refused, and Stripe's event delivered twice changes nothing more.
    const again = await call(stack(), "POST", `/api/sales/${encodeURIComponent(workbook.id)}/refund`, {
      cookie: seller.cookie,
    });
    expect(again.status).toBe(409);
    await deliver(charge.id, "charge.refunded");
    expect(await stats()).toMatchObject(after);
    expect((await chargeOf(orderId)).amount_refunded).toBe(500);
    const refunded = hooksOf("sale.refunded", orderId);
    expect(new Set(refunded.map((r) => r.event.id)).size).toBe(1);
    expect(refunded[0]!.event.data).toMatchObject({ sale: { id: workbook.id }, amount_refunded: 500 });
  });
});

describe("order bumps", () => {
  const put = (id: string, body: unknown, who = seller) =>
    call(stack(), "PUT", `/api/products/${id}`, { cookie: who.cookie, body });

  it("a product names one of its creator's one-time products at a bump price, each bad one a 400 sentence", async () => {
    const cases: [unknown, string][] = [
      [{ product_id: ids.bumpMain, price: 300 }, "can't be its own order bump"],
      [{ product_id: ids.others, price: 300 }, "must be one of your own products"],
      [{ product_id: "nope", price: 300 }, "must be one of your own products"],
      [{ product_id: ids.euro, price: 300 }, "in this product's currency (USD)"],
      [{ product_id: ids.letters, price: 300 }, "Letters is a membership"],
      [{ product_id: ids.workbook, price: 10 }, "at least $0.50"],
      [{ product_id: ids.workbook, price: 2.5 }, "order_bump.price must be a whole number of cents."],
      [{ product_id: ids.workbook }, "order_bump.price must be a whole number of cents."],
      ["workbook", "order_bump must be {product_id, price} or null."],
    ];
    for (const [order_bump, sentence] of cases) {
      const res = await put(ids.bumpMain!, { order_bump });
      expect(res.status, JSON.stringify(order_bump)).toBe(400);
      expect(res.json.error).toContain(sentence);
    }
    const ok = await put(ids.bumpMain!, { order_bump: { product_id: ids.workbook, price: 300 } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.order_bump).toEqual({ product_id: ids.workbook, price: 300 });
    const page = await call(stack(), "GET", `/api/public/products/${ids.bumpMain}`);
    expect(page.json.order_bump).toEqual({ product_id: ids.workbook, name: "Workbook", price: 300 });
    // Another creator cannot set one on this product.
    expect((await put(ids.bumpMain!, { order_bump: null }, other)).status).toBe(404);
  });

  it("create-session {productId, order_bump: true} opens one checkout with two line items; without a bump it is a 400", async () => {
    const res = await create({ productId: ids.bumpMain, order_bump: true });
    expect(res.status, res.text).toBe(200);
    const { stripe } = await account();
    const items = await stripe.checkout.sessions.listLineItems(res.json.checkout_id);
    expect(items.data.map((li) => [li.description, li.amount_total])).toEqual([
      ["Bump main", 1234],
      ["Workbook", 300],
    ]);
    const none = await create({ productId: ids.guide, order_bump: true });
    expect([none.status, none.json.error]).toEqual([400, "This product has no order bump to add."]);
    const bad = await create({ productId: ids.bumpMain, order_bump: "yes" });
    expect([bad.status, bad.json.error]).toEqual([400, "order_bump must be true or false."]);
  });

  it("bump checked: two purchases from one payment, and a dashboard refund reverses both", async () => {
    const before = await stats();
    const orderId = await buy({ productId: ids.bumpMain, order_bump: true });
    const page = (await success(orderId)).json;
    expect(page.purchases.map((p: { product_name: string; amount: number }) => [p.product_name, p.amount])).toEqual([
      ["Bump main", 1234],
      ["Workbook", 300],
    ]);
    expect(await stats()).toMatchObject({
      totalSales: before.totalSales + 2,
      totalRevenue: before.totalRevenue + 1534,
    });
    const { stripe } = await account();
    await stripe.refunds.create({ charge: (await chargeOf(orderId)).id });
    await settle();
    expect((await history()).filter((s) => s.order_id === orderId).map((s) => s.status)).toEqual([
      "refunded",
      "refunded",
    ]);
    expect(await stats()).toMatchObject({ totalSales: before.totalSales, totalRevenue: before.totalRevenue });
  });
});
