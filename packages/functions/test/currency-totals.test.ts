import { beforeAll, describe, expect, it } from "vitest";
import { VIEWER_ADDRESS_HEADER } from "@payloft/functions/http/headers";
import { call, useStack } from "@payloft/local/testing/index";
import { payOnHostedPage, refundInDashboard, settle } from "@payloft/local/stripe-sandbox/testing";
import { productBody, signInAdmin, signInSellingCreator, type Person } from "./actors";

/**
 * Totals that used to add euros to dollars: a seller's customers and
 * the platform's buyers keep what they spent per currency (reversed on refunds, recounted
 * per currency), and the admin's user list and finance report answer revenue and the
 * average order per currency. Every sale goes through the real checkout and the sandbox.
 */
const stack = useStack();

let buyers = 0;

async function product(who: Person, extra: Record<string, unknown>) {
  const res = await call(stack(), "POST", "/api/products", {
    cookie: who.cookie,
    body: { ...productBody(), ...extra },
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.json as { id: string };
}

/** A paid checkout of `productId` by `email`; answers the session id. */
async function buy(productId: string, email: string) {
  const res = await call(stack(), "POST", "/api/checkout/create-session", {
    body: { productId },
    headers: { [VIEWER_ADDRESS_HEADER]: `198.51.100.${++buyers}` },
  });
  expect(res.status, res.text).toBe(200);
  await payOnHostedPage(res.json.url, email);
  await settle(stack());
  return decodeURIComponent(String(res.json.url).split("/pay/")[1]!);
}

async function refund(sessionId: string) {
  const { PurchaseEntity } = await import("@payloft/core/db/entities");
  const pi = (await PurchaseEntity.get({ id: sessionId }).go()).data!.payment_intent!;
  await refundInDashboard(stack(), pi);
  await settle(stack());
}

let kim: Person;
let admin: Person;
let euroSale = "";

beforeAll(async () => {
  admin = await signInAdmin(stack());
  kim = await signInSellingCreator(stack(), "kim.totals@example.com");
  const dollars = await product(kim, { name: "Dollar Guide", price: "50" });
  const euros = await product(kim, { name: "Euro Guide", price: "9.50", currency: "eur" });
  const yen = await product(kim, { name: "Yen Guide", price: "950", currency: "jpy" });
  await buy(dollars.id, "una@example.com");
  euroSale = await buy(euros.id, "una@example.com");
  await buy(euros.id, "una@example.com");
  await buy(yen.id, "una@example.com");
  await buy(dollars.id, "ede@example.com");
  // Five checkouts through the sandbox on a shared machine.
}, 240_000);

describe("a seller's customers", () => {
  it("keep what they spent per currency; total_spent is dollars only; a refund takes back its own currency", async () => {
    const before = await call(stack(), "GET", "/api/customers", { cookie: kim.cookie });
    expect(before.status).toBe(200);
    const una = () => before.json.customers.find((c: { email: string }) => c.email === "una@example.com");
    expect(una()).toMatchObject({
      total_purchases: 4,
      total_spent: 5000,
      spent_by_currency: { usd: 5000, eur: 1900, jpy: 950 },
    });

    await refund(euroSale);
    const after = await call(stack(), "GET", "/api/customers", { cookie: kim.cookie });
    expect(after.json.customers.find((c: { email: string }) => c.email === "una@example.com")).toMatchObject({
      total_purchases: 3,
      total_spent: 5000,
      spent_by_currency: { usd: 5000, eur: 950, jpy: 950 },
    });

    // The platform buyer aggregate (admin Customer Analytics) keeps them the same way.
    const { BuyerEntity } = await import("@payloft/core/db/entities");
    expect((await BuyerEntity.get({ email: "una@example.com" }).go()).data).toMatchObject({
      total_spent: 5000,
      spent_eur: 950,
      spent_jpy: 950,
    });
    const platform = await call(stack(), "GET", "/api/admin/customers?q=una", { cookie: admin.cookie });
    expect(platform.json.customers[0]).toMatchObject({
      total_spent: 5000,
      spent_by_currency: { usd: 5000, eur: 950, jpy: 950 },
    });

    // The recount agrees with what the ledger wrote, currency by currency, and corrects a drift.
    const { Recount } = await import("@payloft/core/recount/index");
    expect((await Recount.run({ creatorId: kim.id })).differences).toEqual([]);
    const { CustomerEntity } = await import("@payloft/core/db/entities");
    await CustomerEntity.patch({ creator_id: kim.id, email: "una@example.com" }).add({ spent_eur: 7 }).go();
    expect((await Recount.run({ creatorId: kim.id })).differences).toEqual([
      { holder: "customer", key: `${kim.id}|una@example.com`, field: "spent_eur", stored: 957, expected: 950 },
    ]);
    await CustomerEntity.patch({ creator_id: kim.id, email: "una@example.com" }).add({ spent_eur: -7 }).go();
  });
});

describe("the admin's money figures", () => {
  it("the user list shows the creator's revenue per currency", async () => {
    const res = await call(stack(), "GET", "/api/admin/users?q=kim.totals@example.com", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.json.users[0]).toMatchObject({
      total_revenue: 10_000,
      revenue_by_currency: { usd: 10_000, eur: 950, jpy: 950 },
    });
  });

  it("finance averages each currency over its own sales; average_order_value is dollars over dollar sales", async () => {
    const finance = (await call(stack(), "GET", "/api/admin/finance", { cookie: admin.cookie })).json;
    // Sales left after the refund: two at $50, one at €9.50, one at ¥950 (four in all).
    expect(finance.total_sales).toBe(4);
    expect(finance.average_order_value).toBe(5000);
    expect(finance.by_currency).toMatchObject({
      usd: { revenue: 10_000, sales: 2, average_order_value: 5000 },
      eur: { revenue: 950, sales: 1, average_order_value: 950 },
      jpy: { revenue: 950, sales: 1, average_order_value: 950 },
    });
  });

  it("each month's revenue, commission and net are answered per currency, never as one sum", async () => {
    const finance = (await call(stack(), "GET", "/api/admin/finance", { cookie: admin.cookie })).json;
    const month = new Date().toISOString().slice(0, 7);
    const now = finance.monthly.find((m: { month: string }) => m.month === month);
    // At the default 5%: commission rounded to the currency's minor unit (¥47.5 -> ¥48).
    expect(now.by_currency).toEqual({
      usd: { revenue: 10_000, commission: 500, net_to_creators: 9500 },
      eur: { revenue: 950, commission: 48, net_to_creators: 902 },
      jpy: { revenue: 950, commission: 48, net_to_creators: 902 },
    });
    expect(finance.by_currency.eur).toMatchObject({ platform_commission: 48, net_to_creators: 902 });
    const earlier = finance.monthly.find((m: { month: string }) => m.month !== month);
    expect(earlier.by_currency).toEqual({});
  });

  it("overview, All Sales and Moderation carry each figure's own currency", async () => {
    const stats = (await call(stack(), "GET", "/api/admin/stats", { cookie: admin.cookie })).json;
    expect(stats.products.revenue_by_currency).toMatchObject({ usd: 10_000, eur: 950, jpy: 950 });
    expect(stats.recent.revenue_30d_by_currency).toMatchObject({ usd: 10_000, eur: 950, jpy: 950 });
    const sales = (await call(stack(), "GET", "/api/admin/sales?q=una", { cookie: admin.cookie })).json.sales;
    expect(sales.map((s: { currency: string }) => s.currency).sort()).toEqual(["eur", "eur", "jpy", "usd"]);
    // A pay-what-you-want price is the minimum: the flag lets Moderation show it with a "+".
    await product(kim, { name: "Tip Jar", price: "3", currency: "gbp", pay_what_you_want: true });
    const products = (await call(stack(), "GET", "/api/admin/products", { cookie: admin.cookie })).json.products;
    const mine = products.filter((p: { creator_id: string }) => p.creator_id === kim.id);
    type Row = { name: string; price: number; currency: string; pay_what_you_want: boolean };
    expect(Object.fromEntries(mine.map((p: Row) => [p.name, [p.price, p.currency, p.pay_what_you_want]]))).toEqual({
      "Dollar Guide": [5000, "usd", false],
      "Euro Guide": [950, "eur", false],
      "Yen Guide": [950, "jpy", false],
      "Tip Jar": [300, "gbp", true],
    });
  });
});
