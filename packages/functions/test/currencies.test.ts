import { beforeAll, describe, expect, it } from "vitest";
import { VIEWER_ADDRESS_HEADER } from "@payloft/functions/http/headers";
import { call, useStack } from "@payloft/local/testing/index";
import { payOnHostedPage } from "@payloft/local/stripe-sandbox/testing";
import { productBody, signInSellingCreator, stripeSecretOf, type Person } from "./actors";

/**
 * Currencies: a product is priced in its own currency, every amount in that
 * currency's minor unit (950 eur = €9.50, 950 jpy = ¥950); checkout charges in it; the record,
 * purchase, receipt and sales history carry it; dashboards keep one figure per currency.
 */
const stack = useStack();

let sal: Person;
let buyers = 0;
const createSession = (body: unknown) =>
  call(stack(), "POST", "/api/checkout/create-session", {
    body,
    headers: { [VIEWER_ADDRESS_HEADER]: `198.51.100.${++buyers}` },
  });
const sessionIdOf = (url: string) => decodeURIComponent(url.split("/pay/")[1]!);

const createProduct = (who: Person, extra: Record<string, unknown>) =>
  call(stack(), "POST", "/api/products", { cookie: who.cookie, body: { ...productBody(), ...extra } });

async function product(who: Person, extra: Record<string, unknown>) {
  const res = await createProduct(who, extra);
  if (res.status !== 201) throw new Error(res.text);
  return res.json as { id: string; price: number; currency: string };
}

async function sandboxSession(who: Person, id: string) {
  const { stripeClient } = await import("@payloft/core/payment/stripe");
  return stripeClient(stripeSecretOf(who)).checkout.sessions.retrieve(id);
}

async function buy(productId: string, email: string, body: Record<string, unknown> = {}) {
  const res = await createSession({ productId, ...body });
  expect(res.status, res.text).toBe(200);
  const back = new URL(await payOnHostedPage(res.json.url, email));
  const done = await call(stack(), "GET", `/api/checkout/success?session_id=${back.searchParams.get("session_id")}`);
  expect(done.status, done.text).toBe(200);
  return { sessionId: sessionIdOf(res.json.url), purchase: done.json.purchase };
}

beforeAll(async () => {
  sal = await signInSellingCreator(stack(), "sal.currency@example.com");
});

describe("a product priced in euros", () => {
  let euro: { id: string; price: number; currency: string };
  beforeAll(async () => {
    // The dialog sends the price as typed, in the product's currency.
    euro = await product(sal, { name: "Euro Guide", price: "9.50", currency: "EUR" });
  });

  it("stores 950 minor units in eur, and the public product API carries the currency", async () => {
    expect(euro).toMatchObject({ price: 950, currency: "eur" });
    const pub = await call(stack(), "GET", `/api/public/products/${euro.id}`);
    expect(pub.json).toMatchObject({ price: 950, currency: "eur" });
  });

  it("is charged 950 cents in eur: the session, the record, the purchase, the receipt, the sales history", async () => {
    const { sessionId, purchase } = await buy(euro.id, "eve.eur@example.com");
    const session = await sandboxSession(sal, sessionId);
    expect(session).toMatchObject({ currency: "eur", amount_total: 950 });

    const { CheckoutEntity, PurchaseEntity } = await import("@payloft/core/db/entities");
    expect((await CheckoutEntity.get({ session_id: sessionId }).go()).data).toMatchObject({
      amount: 950,
      currency: "eur",
    });
    expect(purchase).toMatchObject({ amount: 950, currency: "eur" });
    expect((await PurchaseEntity.get({ id: sessionId }).go()).data).toMatchObject({ amount: 950, currency: "eur" });

    const receipt = stack().outbox.messages.filter((m) => m.to === "eve.eur@example.com");
    expect(JSON.stringify(receipt)).toContain("€9.50");

    const history = await call(stack(), "GET", "/api/sales-history", { cookie: sal.cookie });
    const sale = (history.json.sales as { id: string }[]).find((s) => s.id === sessionId);
    expect(sale).toMatchObject({ amount: 950, currency: "eur" });
  });

  it("a USD amount_off code is refused on it with a 400 that says why; a percent code applies", async () => {
    await call(stack(), "POST", "/api/discounts", { cookie: sal.cookie, body: { code: "TWOOFF", amount_off: 200 } });
    const refused = await createSession({ productId: euro.id, discount_code: "twooff" });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe("The code TWOOFF takes $2.00 off prices in USD; this product is priced in EUR.");
    await call(stack(), "POST", "/api/discounts", { cookie: sal.cookie, body: { code: "HALFEUR", percent_off: 20 } });
    const ok = await createSession({ productId: euro.id, discount_code: "HALFEUR" });
    expect(ok.status, ok.text).toBe(200);
    expect(await sandboxSession(sal, sessionIdOf(ok.json.url))).toMatchObject({ currency: "eur", amount_total: 760 });
  });

  it("a pay-what-you-want minimum is in the product's currency", async () => {
    const tip = await product(sal, { name: "Pound Tips", price: "3", currency: "gbp", pay_what_you_want: true });
    const low = await createSession({ productId: tip.id, amount: 299 });
    expect(low.status).toBe(400);
    expect(low.json.error).toBe("Please pay at least £3.00.");
  });
});

describe("a zero-decimal currency", () => {
  it("a JPY product priced 950 charges 950 jpy (not 95000)", async () => {
    const yen = await product(sal, { name: "Yen Guide", price: "950", currency: "jpy" });
    expect(yen).toMatchObject({ price: 950, currency: "jpy" });
    const res = await createSession({ productId: yen.id });
    expect(res.status, res.text).toBe(200);
    const id = sessionIdOf(res.json.url);
    expect(await sandboxSession(sal, id)).toMatchObject({ currency: "jpy", amount_total: 950 });
    const { CheckoutEntity } = await import("@payloft/core/db/entities");
    expect((await CheckoutEntity.get({ session_id: id }).go()).data).toMatchObject({ amount: 950, currency: "jpy" });
  });
});

describe("currency validation", () => {
  it("an unsupported currency is a 400 with a message, from the dashboard and the public API", async () => {
    const res = await createProduct(sal, { currency: "xyz" });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("currency must be one of: usd, eur, gbp, cad, aud, jpy.");

    const key = await call(stack(), "POST", "/api/api-keys", { cookie: sal.cookie, body: { name: "currency" } });
    const auth = { authorization: `Bearer ${key.json.key}` };
    const bad = await call(stack(), "POST", "/api/v1/products", {
      headers: auth,
      body: { name: "API", price: 950, content_url: "https://files.example.com/a.pdf", currency: "btc" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("currency must be one of: usd, eur, gbp, cad, aud, jpy.");
    const ok = await call(stack(), "POST", "/api/v1/products", {
      headers: auth,
      body: { name: "API", price: 950, content_url: "https://files.example.com/a.pdf", currency: "jpy" },
    });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json).toMatchObject({ price: 950, currency: "jpy" });
    const usd = await call(stack(), "POST", "/api/v1/products", {
      headers: auth,
      body: { name: "API usd", price: 950, content_url: "https://files.example.com/a.pdf" },
    });
    expect(usd.json).toMatchObject({ price: 950, currency: "usd" });
  });

  it("a product stored before currencies existed reads as usd", async () => {
    const { ProductEntity } = await import("@payloft/core/db/entities");
    const old = await product(sal, { name: "Old" });
    await ProductEntity.patch({ id: old.id }).remove(["currency"]).go();
    const pub = await call(stack(), "GET", `/api/public/products/${old.id}`);
    expect(pub.json).toMatchObject({ price: 1234, currency: "usd" });
  });
});

describe("dashboards never add dollars to euros", () => {
  it("a usd sale and a eur sale show as two figures, not one sum", async () => {
    const kim = await signInSellingCreator(stack(), "kim.currency@example.com");
    const dollars = await product(kim, { name: "Dollar Guide", price: "50" });
    const euros = await product(kim, { name: "Euro Guide", price: "9.50", currency: "eur" });
    await buy(dollars.id, "una@example.com");
    await buy(euros.id, "ede@example.com");
    // The dashboard's figures are folded from the table's stream, a moment after each sale.
    await stack().settled();

    const stats = await call(stack(), "GET", "/api/dashboard/stats", { cookie: kim.cookie });
    expect(stats.json.stats).toMatchObject({
      totalSales: 2,
      totalRevenue: 5000,
      revenue_by_currency: { usd: 5000, eur: 950 },
    });

    const chart = await call(stack(), "GET", "/api/dashboard/chart-data", { cookie: kim.cookie });
    const today = JSON.stringify(chart.json).includes('"revenue_by_currency":{"usd":5000,"eur":950}');
    expect(today, JSON.stringify(chart.json).slice(-400)).toBe(true);
    // The chart's sales are counted per currency too: picking euros plots the one euro sale.
    const day = (chart.json.chartData as { sales: number; sales_by_currency: object }[]).at(-1)!;
    expect(day).toMatchObject({ sales: 2, sales_by_currency: { usd: 1, eur: 1 } });

    const figures = await call(stack(), "GET", "/api/dashboard/products-analytics", { cookie: kim.cookie });
    expect(JSON.stringify(figures.json)).toContain('"revenue":950,"currency":"eur"');
  });
});
