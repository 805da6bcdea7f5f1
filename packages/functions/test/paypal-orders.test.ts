import { beforeAll, describe, expect, it } from "vitest";
import { VIEWER_ADDRESS_HEADER } from "@payloft/functions/http/headers";
import { connectPayPal, paypalMerchant } from "@payloft/local/testing/payment";
import { call, useStack } from "@payloft/local/testing/index";
import { productBody, signInWithRole, type Person } from "./actors";

/**
 * One PayPal payment, several purchases (a cart, an order bump) on a PayPal seller: the order
 * is one purchase unit with an item per product (PayPal checks that they add up), the capture
 * records one purchase per item; the creator's refund of one item in Sales History is a
 * partial refund of the capture naming that item, which reverses only it (however often
 * PayPal's event comes), and a refund of the rest in PayPal's dashboard reverses the others.
 */
const stack = useStack();
let seller: Person;
let buyer: Person;
const ids: Record<string, string> = {};

const settle = () => stack().settled();
const merchant = () => paypalMerchant(stack(), "polly-orders-app");
let buyers = 0;
const create = (body: unknown) =>
  call(stack(), "POST", "/api/checkout/create-session", {
    body,
    headers: { [VIEWER_ADDRESS_HEADER]: `203.0.113.${++buyers}` },
  });
const cart = (...names: string[]) => ({ items: names.map((n) => ({ productId: ids[n], quantity: 1 })) });
const history = async (orderId: string) =>
  Object.fromEntries(
    (
      (await call(stack(), "GET", "/api/sales-history?limit=100", { cookie: seller.cookie })).json.sales as {
        order_id: string;
        product_name: string;
        status: string;
      }[]
    )
      .filter((s) => s.order_id === orderId)
      .map((s) => [s.product_name, s.status]),
  );
const linkStatus = async (link: string) => {
  const res = await fetch(link, { redirect: "manual" });
  await res.arrayBuffer();
  return res.status;
};

/** Opens the checkout, approves on the sandbox's page and comes back: the checkout (order) id. */
async function buy(body: unknown) {
  const started = await create(body);
  expect(started.status, started.text).toBe(200);
  const url = new URL(started.json.url);
  const approved = await fetch(url, {
    method: "POST",
    body: new URLSearchParams({ email: buyer.email }),
    redirect: "manual",
  });
  expect(approved.status).toBe(303);
  const back = new URL(approved.headers.get("location")!);
  expect((await call(stack(), "GET", back.pathname + back.search)).status).toBe(303);
  await settle();
  return back.searchParams.get("checkout_id")!;
}

const success = async (checkoutId: string) =>
  (await call(stack(), "GET", `/api/checkout/success?session_id=${encodeURIComponent(checkoutId)}`)).json;

beforeAll(async () => {
  seller = await signInWithRole(stack(), "polly.orders@example.com", "creator");
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: seller.id }).set({ plan: "business" }).go();
  buyer = await signInWithRole(stack(), "bea.orders@example.com", "customer");
  await connectPayPal(stack(), seller, "polly-orders-app", "polly-orders-secret");
  const product = async (name: string, extra: object) => {
    const res = await call(stack(), "POST", "/api/products", {
      cookie: seller.cookie,
      body: { ...productBody(name), ...extra },
    });
    expect(res.status, res.text).toBe(201);
    return res.json.id as string;
  };
  ids.course = await product("Course", { price: "20.00" });
  ids.slides = await product("Slides", { price: "7.50" });
  ids.yen = await product("Yen guide", { price: "1200", currency: "jpy" });
  ids.yenExtra = await product("Yen extra", { price: "800", currency: "jpy" });
  ids.bumped = await product("Bumped", { price: "10.00", order_bump: { product_id: ids.slides, price: 300 } });
});

describe("a PayPal seller's order of several products", () => {
  it("opens one order whose items add up to the total, in the products' own currency", async () => {
    const res = await create(cart("course", "slides"));
    expect(res.status, res.text).toBe(200);
    const order = merchant().orders[new URL(res.json.url).searchParams.get("token")!]!;
    const unit = order.purchase_units[0];
    expect(unit.amount).toEqual({
      currency_code: "USD",
      value: "27.50",
      breakdown: { item_total: { currency_code: "USD", value: "27.50" } },
    });
    expect(
      unit.items.map((i: { name: string; unit_amount: { value: string } }) => [i.name, i.unit_amount.value]),
    ).toEqual([
      ["Course", "20.00"],
      ["Slides", "7.50"],
    ]);
    // The approval page lists both.
    const page = await (await fetch(res.json.url)).text();
    expect(page).toContain("Course");
    expect(page).toContain("Slides");
    const yen = await create(cart("yen", "yenExtra"));
    expect(yen.status, yen.text).toBe(200);
    const yenUnit = merchant().orders[new URL(yen.json.url).searchParams.get("token")!]!.purchase_units[0];
    expect(yenUnit.amount.value).toBe("2000");
    expect(yenUnit.items.map((i: { unit_amount: { value: string } }) => i.unit_amount.value)).toEqual(["1200", "800"]);
  });

  it("records one purchase per item from the one capture, each with its access link", async () => {
    const checkoutId = await buy(cart("course", "slides"));
    const page = await success(checkoutId);
    expect(page.purchases.map((p: { product_name: string; amount: number }) => [p.product_name, p.amount])).toEqual([
      ["Course", 2000],
      ["Slides", 750],
    ]);
    expect(page.order).toMatchObject({ id: checkoutId, amount: 2750, currency: "usd" });
    for (const p of page.purchases) expect(await linkStatus(p.access_url)).toBe(302);
    expect(await history(checkoutId)).toEqual({ Course: "completed", Slides: "completed" });
    // One receipt for the payment, in the order's currency, with both links.
    const receipts = stack().outbox.messages.filter((m) => m.text.includes(checkoutId));
    expect(receipts.map((m) => m.subject)).toEqual(["Your receipt: Course and 1 more by polly.orders"]);
    expect(receipts[0]!.text).toContain("Amount paid: $27.50");
    for (const p of page.purchases) expect(receipts[0]!.text).toContain(`${p.product_name}: ${p.access_url}`);
  });

  it("a checked order bump is a second item of the same PayPal payment", async () => {
    const checkoutId = await buy({ productId: ids.bumped, order_bump: true });
    const page = await success(checkoutId);
    expect(page.purchases.map((p: { product_name: string; amount: number }) => [p.product_name, p.amount])).toEqual([
      ["Bumped", 1000],
      ["Slides", 300],
    ]);
  });

  it("refunding one item in Sales History refunds that part of the capture and reverses only it, once", async () => {
    const checkoutId = await buy(cart("course", "slides"));
    const page = await success(checkoutId);
    const slides = page.purchases.find((p: { product_name: string }) => p.product_name === "Slides");
    const refund = () =>
      call(stack(), "POST", `/api/sales/${encodeURIComponent(slides.id)}/refund`, { cookie: seller.cookie });
    const res = await refund();
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ pending: false, purchase: { id: slides.id, status: "refunded" } });
    const capture = Object.values(merchant().captures).find((c) => c.custom_id === checkoutId)!;
    expect(capture.status).toBe("PARTIALLY_REFUNDED");
    const made = Object.values(merchant().refunds).filter((r) => r.links[1].href.endsWith(capture.id));
    expect(made.map((r) => [r.amount.value, r.custom_id])).toEqual([["7.50", slides.id]]);
    await settle();
    expect(await history(checkoutId)).toEqual({ Course: "completed", Slides: "refunded" });
    expect(await linkStatus(slides.access_url)).toBe(410);
    const course = page.purchases.find((p: { product_name: string }) => p.product_name === "Course");
    expect(await linkStatus(course.access_url)).toBe(302);
    // Again: refused; PayPal's event delivered again changes nothing more.
    expect((await refund()).status).toBe(409);
    const event = merchant().events.find(
      (r) => r.event.event_type === "PAYMENT.CAPTURE.REFUNDED" && r.event.resource.custom_id === slides.id,
    )!;
    stack().paypal.events.resend(merchant(), event.event.id);
    await settle();
    expect(await history(checkoutId)).toEqual({ Course: "completed", Slides: "refunded" });

    // The rest refunded in PayPal's dashboard: the capture is whole refunded, the other item reversed.
    const rest = await fetch(`${stack().paypal.url}/__sandbox/refunds`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ capture_id: capture.id }),
    });
    expect(rest.status).toBe(201);
    await settle();
    expect(capture.status).toBe("REFUNDED");
    expect(await history(checkoutId)).toEqual({ Course: "refunded", Slides: "refunded" });
    expect(await linkStatus(course.access_url)).toBe(410);
  });
});

describe("the PayPal sandbox checks an order's items as PayPal does", () => {
  const orderWith = async (unit: object) => {
    const m = merchant();
    const auth = await fetch(`${stack().paypal.url}/v1/oauth2/token`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`${m.client_id}:polly-orders-secret`).toString("base64")}` },
      body: new URLSearchParams({ grant_type: "client_credentials" }),
    });
    const { access_token } = (await auth.json()) as { access_token: string };
    const res = await fetch(`${stack().paypal.url}/v2/checkout/orders`, {
      method: "POST",
      headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ intent: "CAPTURE", purchase_units: [unit] }),
    });
    return { status: res.status, issue: ((await res.json()) as { details?: { issue: string }[] }).details?.[0]?.issue };
  };
  const usd = (value: string) => ({ currency_code: "USD", value });
  const item = (value: string, currency = "USD") => ({
    name: "Item",
    quantity: "1",
    unit_amount: { currency_code: currency, value },
  });

  it.each([
    ["items without an item total", { amount: usd("5.00"), items: [item("5.00")] }, "ITEM_TOTAL_REQUIRED"],
    [
      "an item total that is not the items' sum",
      { amount: { ...usd("5.00"), breakdown: { item_total: usd("5.00") } }, items: [item("4.00")] },
      "ITEM_TOTAL_MISMATCH",
    ],
    [
      "an amount that is not its breakdown",
      { amount: { ...usd("6.00"), breakdown: { item_total: usd("5.00") } }, items: [item("5.00")] },
      "AMOUNT_MISMATCH",
    ],
    [
      "an item in another currency",
      { amount: { ...usd("5.00"), breakdown: { item_total: usd("5.00") } }, items: [item("5.00", "EUR")] },
      "MULTI_CURRENCY_ORDER",
    ],
  ])("refuses %s with 422 %s", async (_what, unit, issue) => {
    expect(await orderWith(unit)).toEqual({ status: 422, issue });
  });

  it("takes items that add up", async () => {
    const ok = await orderWith({
      amount: { ...usd("9.00"), breakdown: { item_total: usd("9.00") } },
      items: [item("5.00"), { ...item("2.00"), quantity: "2" }],
    });
    expect(ok.status).toBe(201);
  });
});
