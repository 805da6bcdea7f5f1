import { beforeAll, describe, expect, it } from "vitest";
import { VIEWER_ADDRESS_HEADER } from "@payloft/functions/http/headers";
import { holdClockInFreshWindow } from "@payloft/local/testing/clock";
import { call, useStack } from "@payloft/local/testing/index";
import { productBody, signInSellingCreator, type Person } from "./actors";

/**
 * POST /api/public/products/{productId}/discount-preview {code, amount?}: what a code does to the
 * price before Buy, for anyone, with checkout's own rules and sentences; and checkout then charges
 * exactly the previewed amount.
 */
const stack = useStack();

let sal: Person;
let tom: Person;
let guide = "";
let other = "";
let tipJar = "";
let euroBook = "";
let yenGuide = "";

let addresses = 0;
const from = () => ({ [VIEWER_ADDRESS_HEADER]: `198.51.101.${++addresses}` });
const preview = (productId: string, body: unknown) =>
  call(stack(), "POST", `/api/public/products/${productId}/discount-preview`, { body, headers: from() });
const createSession = (body: unknown) =>
  call(stack(), "POST", "/api/checkout/create-session", { body, headers: from() });
const discount = async (body: Record<string, unknown>, who = sal) => {
  const res = await call(stack(), "POST", "/api/discounts", { cookie: who.cookie, body });
  expect(res.status, res.text).toBe(201);
  return res.json.discount as { id: string };
};
async function product(extra: Record<string, unknown>) {
  const res = await call(stack(), "POST", "/api/products", {
    cookie: sal.cookie,
    body: { ...productBody(), ...extra },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
}
async function charged(url: string) {
  const { CheckoutEntity } = await import("@payloft/core/db/entities");
  return (await CheckoutEntity.get({ session_id: url.split("/pay/")[1]! }).go()).data!;
}

beforeAll(async () => {
  sal = await signInSellingCreator(stack(), "sal.preview@example.com");
  tom = await signInSellingCreator(stack(), "tom.preview@example.com");
  guide = await product({ name: "Guide", price: "20" });
  other = await product({ name: "Other", price: "20" });
  tipJar = await product({ name: "Tip Jar", price: "5", pay_what_you_want: true, suggested_price: 1200 });
  euroBook = await product({ name: "Euro Book", price: "9.50", currency: "eur" });
  yenGuide = await product({ name: "Yen Guide", price: "999", currency: "jpy" });
  await discount({ code: "LAUNCH30", percent_off: 30 });
});

describe("previewing a code", () => {
  it("shows the discounted price to an anonymous buyer, and checkout charges exactly that", async () => {
    const res = await preview(guide, { code: " launch30 " });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      code: "LAUNCH30",
      percent_off: 30,
      amount_off: null,
      currency: "usd",
      pay_what_you_want: false,
      list_price: 2000,
      price: 1400,
      suggested_price: null,
      amount: 1400,
      free: false,
    });
    const bought = await createSession({ productId: guide, discount_code: "launch30" });
    expect(bought.status, bought.text).toBe(200);
    expect(await charged(bought.json.url)).toMatchObject({ amount: res.json.amount, discount_code: "LAUNCH30" });
  });

  it("takes no use of the code: a one-use code can be previewed many times and still bought once", async () => {
    await discount({ code: "ONCE", percent_off: 10, max_redemptions: 1 });
    for (let i = 0; i < 3; i++) expect((await preview(guide, { code: "ONCE" })).status).toBe(200);
    expect((await createSession({ productId: guide, discount_code: "ONCE" })).status).toBe(200);
    // Now used up: the preview says so, in checkout's words.
    const late = await preview(guide, { code: "ONCE" });
    expect(late.status).toBe(400);
    expect(late.json).toMatchObject({ error: "The code ONCE has been used up.", code: "discount.used_up" });
  });

  it.each([
    ["NOSUCH", "The code NOSUCH doesn't exist.", "discount.unknown"],
    ["ONLYOTHER", "The code ONLYOTHER doesn't apply to this product.", "discount.other_product"],
    ["PAUSED", "The code PAUSED is not active.", "discount.inactive"],
    ["LATE", "The code LATE has expired.", "discount.expired"],
    ["TOMS", "The code TOMS doesn't exist.", "discount.unknown"],
    ["USEDUP", "The code USEDUP has been used up.", "discount.used_up"],
    [
      "ALMOST",
      "With the code ALMOST the price would be under $0.50, the least a payment can be.",
      "discount.below_minimum",
    ],
  ])("refuses %s with checkout's own 400 sentence, and checkout refuses it the same", async (code, error, errCode) => {
    const { DiscountEntity } = await import("@payloft/core/db/entities");
    if (code === "ONLYOTHER") await discount({ code, percent_off: 10, product_ids: [other] });
    if (code === "PAUSED")
      await discount({ code, percent_off: 10 }).then(({ id }) =>
        DiscountEntity.patch({ id }).set({ is_active: false }).go(),
      );
    if (code === "LATE")
      await discount({ code, percent_off: 10 }).then(({ id }) =>
        DiscountEntity.patch({ id }).set({ expires_at: "2020-01-01T00:00:00.000Z" }).go(),
      );
    if (code === "TOMS") await discount({ code, percent_off: 10 }, tom);
    if (code === "USEDUP")
      await discount({ code, percent_off: 10, max_redemptions: 2 }).then(({ id }) =>
        DiscountEntity.patch({ id }).set({ redemptions: 2 }).go(),
      );
    if (code === "ALMOST") await discount({ code, amount_off: 1990 });
    const res = await preview(guide, { code });
    expect(res.status, res.text).toBe(400);
    expect(res.json).toMatchObject({ error, code: errCode });
    const bought = await createSession({ productId: guide, discount_code: code });
    expect(bought.json).toMatchObject({ error, code: errCode });
  });

  it("refuses a USD amount-off code on a EUR product, and applies a EUR one", async () => {
    await discount({ code: "TWOOFF", amount_off: 200 });
    const usd = await preview(euroBook, { code: "TWOOFF" });
    expect(usd.status).toBe(400);
    expect(usd.json).toMatchObject({
      error: "The code TWOOFF takes $2.00 off prices in USD; this product is priced in EUR.",
      code: "discount.currency_mismatch",
    });
    await discount({ code: "EURTWO", amount_off: 200, currency: "EUR" });
    const eur = await preview(euroBook, { code: "eurtwo" });
    expect(eur.status, eur.text).toBe(200);
    expect(eur.json).toMatchObject({ currency: "eur", amount_off: 200, list_price: 950, price: 750, amount: 750 });
    const bought = await createSession({ productId: euroBook, discount_code: "EURTWO" });
    expect(await charged(bought.json.url)).toMatchObject({ amount: 750, currency: "eur" });
    // ...and the EUR code is the one refused on a USD product.
    expect((await preview(guide, { code: "EURTWO" })).json.error).toBe(
      "The code EURTWO takes €2.00 off prices in EUR; this product is priced in USD.",
    );
  });

  it("rounds a percentage to whole yen on a JPY product", async () => {
    const res = await preview(yenGuide, { code: "LAUNCH30" });
    expect(res.json).toMatchObject({ currency: "jpy", list_price: 999, price: 699, amount: 699 });
    const bought = await createSession({ productId: yenGuide, discount_code: "LAUNCH30" });
    expect(await charged(bought.json.url)).toMatchObject({ amount: 699, currency: "jpy" });
  });

  it("says when a code makes the product free (claimed, not bought)", async () => {
    await discount({ code: "GIFT", percent_off: 100 });
    const res = await preview(guide, { code: "GIFT" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ price: 0, amount: 0, free: true });
    const bought = await createSession({ productId: guide, discount_code: "GIFT" });
    expect(bought.status).toBe(400);
    expect(bought.json.error).toBe(
      "With the code GIFT this product is free: claim it with your e-mail address instead.",
    );
  });

  it("answers 400 without a code, 404 for an unknown product, and 400 for an unavailable one", async () => {
    expect((await preview(guide, {})).json.error).toBe("Please enter a code.");
    expect((await preview(guide, { code: "  " })).json.error).toBe("Please enter a code.");
    expect((await preview(guide, { code: 5 })).status).toBe(400);
    expect((await preview(guide, { code: "LAUNCH30", amount: 1.5 })).json.error).toBe(
      "amount must be a whole number of cents.",
    );
    expect((await preview("no-such-product", { code: "LAUNCH30" })).status).toBe(404);
    const paused = await product({ name: "Paused", price: "20" });
    await call(stack(), "PUT", `/api/products/${paused}`, { cookie: sal.cookie, body: { is_active: false } });
    const res = await preview(paused, { code: "LAUNCH30" });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("This product is currently unavailable for purchase.");
  });
});

describe("a code on a pay-what-you-want product", () => {
  it("lowers the minimum and the suggested price by its percent; the buyer pays what they choose above it", async () => {
    const res = await preview(tipJar, { code: "LAUNCH30" });
    expect(res.json).toMatchObject({
      pay_what_you_want: true,
      list_price: 500,
      price: 350,
      suggested_price: 840,
      amount: 840,
      free: false,
    });
    const typed = await preview(tipJar, { code: "LAUNCH30", amount: 400 });
    expect(typed.json).toMatchObject({ price: 350, amount: 400 });
    const bought = await createSession({ productId: tipJar, discount_code: "LAUNCH30", amount: 400 });
    expect(bought.status, bought.text).toBe(200);
    expect(await charged(bought.json.url)).toMatchObject({ amount: 400, list_price: 500, discount_code: "LAUNCH30" });
    // Below the lowered minimum: the same sentence from both.
    const low = await preview(tipJar, { code: "LAUNCH30", amount: 349 });
    expect(low.json.error).toBe("Please pay at least $3.50.");
    expect((await createSession({ productId: tipJar, discount_code: "LAUNCH30", amount: 349 })).json.error).toBe(
      "Please pay at least $3.50.",
    );
  });

  it("an amount-off 'All products' code lowers the minimum by the amount, not below 0", async () => {
    await discount({ code: "THREEOFF", amount_off: 300 });
    expect((await preview(tipJar, { code: "THREEOFF" })).json).toMatchObject({ price: 200, suggested_price: 900 });
    await discount({ code: "TENOFF", amount_off: 1000 });
    expect((await preview(tipJar, { code: "TENOFF", amount: 100 })).json).toMatchObject({
      price: 0,
      suggested_price: 200,
      amount: 100,
      free: true,
    });
  });
});

describe("the preview's rate limit", () => {
  // 21 requests must meet one minute's window, wherever in a minute the test starts.
  holdClockInFreshWindow();
  it("allows 20 a minute from one address, then 429", async () => {
    const headers = { [VIEWER_ADDRESS_HEADER]: "203.0.113.77" };
    const ask = () =>
      call(stack(), "POST", `/api/public/products/${guide}/discount-preview`, { body: { code: "NOPE" }, headers });
    for (let i = 0; i < 20; i++) expect((await ask()).status, `request ${i + 1}`).toBe(400);
    expect((await ask()).status).toBe(429);
    expect((await preview(guide, { code: "LAUNCH30" })).status).toBe(200); // another address
  });
});
