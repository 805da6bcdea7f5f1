import { beforeAll, describe, expect, it } from "vitest";
import { VIEWER_ADDRESS_HEADER } from "@payloft/functions/http/headers";
import { call, useStack } from "@payloft/local/testing/index";
import { payOnHostedPage, sandboxEvents, settle } from "@payloft/local/stripe-sandbox/testing";
import { productBody, signInSellingCreator, type Person } from "./actors";

/**
 * Traffic analytics count sales: the sales page sends the visit it came from (referrer,
 * utm_*) with the checkout, the checkout record keeps it, and fulfilment credits the sale to
 * that source, referrer and campaign in the purchase's own transaction: once however often
 * the provider delivers, in the sale's own currency, and taken back by a refund.
 */
const stack = useStack();

let sid: Person;
let euroId = "";
let yenId = "";
let visitors = 0;

type Row = { name: string; views: number; sales: number; revenue: number; revenue_by_currency: object };
const report = async () => {
  const res = await call(stack(), "GET", "/api/dashboard/traffic?days=7", { cookie: sid.cookie });
  expect(res.status, res.text).toBe(200);
  return res.json as {
    totals: Omit<Row, "name"> & { unattributed_sales: number };
    sources: Row[];
    referrers: Row[];
    campaigns: Row[];
  };
};
const row = (rows: Row[], name: string) => rows.find((r) => r.name === name);
const createSession = (body: unknown) =>
  call(stack(), "POST", "/api/checkout/create-session", {
    body,
    headers: { [VIEWER_ADDRESS_HEADER]: `203.0.113.${++visitors}` },
  });

/** A visitor views the sales page, then buys from the same visit: the sale id. */
async function visitAndBuy(productId: string, visit: Record<string, string> | undefined, email: string) {
  expect((await call(stack(), "POST", `/api/public/products/${productId}/view`, { body: visit ?? {} })).status).toBe(
    204,
  );
  const started = await createSession({ productId, ...(visit ? { visit } : {}) });
  expect(started.status, started.text).toBe(200);
  const back = new URL(await payOnHostedPage(started.json.url, email));
  await settle(stack());
  return back.searchParams.get("session_id")!;
}

beforeAll(async () => {
  sid = await signInSellingCreator(stack(), "sid.sources@example.com");
  const make = async (extra: Record<string, unknown>) =>
    (await call(stack(), "POST", "/api/products", { cookie: sid.cookie, body: { ...productBody(), ...extra } })).json
      .id as string;
  euroId = await make({ name: "Euro Course", price: "9.50", currency: "eur" });
  yenId = await make({ name: "Yen Course", price: "1500", currency: "jpy" });
});

describe("a sale counts where its visit came from", () => {
  let saleId = "";

  it("credits the newsletter visit's sale to its source, referrer and campaign, in euros", async () => {
    const visit = { utm_source: "Newsletter", utm_campaign: "Spring", referrer: "https://t.co/abc" };
    saleId = await visitAndBuy(euroId, visit, "ana.news@example.com");
    const { CheckoutEntity, PurchaseEntity } = await import("@payloft/core/db/entities");
    const recorded = { source: "newsletter", referrer: "t.co", campaign: "spring" };
    expect((await CheckoutEntity.get({ session_id: saleId }).go()).data?.visit).toEqual(recorded);
    expect((await PurchaseEntity.get({ id: saleId }).go()).data?.visit).toEqual(recorded);

    const r = await report();
    expect(row(r.sources, "newsletter")).toEqual({
      name: "newsletter",
      views: 1,
      sales: 1,
      revenue: 0,
      revenue_by_currency: { eur: 950 },
      conversionRate: 100,
    });
    expect(row(r.referrers, "t.co")).toMatchObject({ sales: 1, revenue_by_currency: { eur: 950 } });
    expect(row(r.campaigns, "spring")).toMatchObject({ sales: 1, revenue_by_currency: { eur: 950 } });
    expect(r.totals).toMatchObject({ views: 1, sales: 1, revenue: 0, revenue_by_currency: { eur: 950 } });
  });

  it("counts it once however often the provider delivers and the buyer reloads the success page", async () => {
    const { signatureHeader } = await import("@payloft/local/stripe-sandbox/index");
    const { Integration } = await import("@payloft/core/integration/index");
    const secret = (await Integration.webhookSecretFor(sid.id))!;
    const [completed] = sandboxEvents(stack(), saleId).filter((e) => e.event.type === "checkout.session.completed");
    expect(completed).toBeTruthy();
    const payload = JSON.stringify(completed!.event);
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${stack().url}/api/webhooks/stripe/${sid.id}`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signatureHeader(payload, secret) },
        body: payload,
      });
      expect(res.status).toBe(200);
      expect((await call(stack(), "GET", `/api/checkout/success?session_id=${saleId}`)).status).toBe(200);
    }
    await settle(stack());
    expect(row((await report()).sources, "newsletter")).toMatchObject({ sales: 1, revenue_by_currency: { eur: 950 } });
  });

  it("keeps each currency's revenue apart: a yen sale from Google beside the euro one", async () => {
    await visitAndBuy(yenId, { referrer: "https://www.google.com/search?q=course" }, "yui.search@example.com");
    const r = await report();
    expect(row(r.sources, "google")).toMatchObject({ sales: 1, revenue_by_currency: { jpy: 1500 } });
    expect(r.totals).toMatchObject({ sales: 2, revenue: 0, revenue_by_currency: { eur: 950, jpy: 1500 } });
  });

  it("a checkout that names no visit is a sale without a source (the stats count it, traffic does not)", async () => {
    const before = await report();
    await visitAndBuy(euroId, undefined, "no.visit@example.com");
    const after = await report();
    expect(after.totals.sales).toBe(before.totals.sales);
    expect(after.totals.views).toBe(before.totals.views + 1);
    // The report says how many of the period's sales no visit can claim, so its "Sales" and
    // Product performance's (every sale) are told apart rather than silently disagreeing.
    expect(before.totals.unattributed_sales).toBe(0);
    expect(after.totals.unattributed_sales).toBe(1);
    const stats = await call(stack(), "GET", "/api/dashboard/stats", { cookie: sid.cookie });
    expect(stats.json.stats.totalSales).toBe(3);
  });

  it("a refund takes the sale back out of its source, like every other sales figure", async () => {
    const res = await call(stack(), "POST", `/api/sales/${encodeURIComponent(saleId)}/refund`, { cookie: sid.cookie });
    expect(res.status, res.text).toBe(200);
    await settle(stack());
    const r = await report();
    expect(row(r.sources, "newsletter")).toMatchObject({ views: 1, sales: 0, revenue: 0, revenue_by_currency: {} });
    expect(row(r.campaigns, "spring")).toMatchObject({ sales: 0, revenue_by_currency: {} });
    expect(r.totals).toMatchObject({ sales: 1, revenue_by_currency: { jpy: 1500 } });
  });

  it("a free claim from a visit counts where it came from, as a sale of 0", async () => {
    const freeId = (
      await call(stack(), "POST", "/api/products", {
        cookie: sid.cookie,
        body: { ...productBody("Free Sampler"), price: "0", currency: "eur" },
      })
    ).json.id as string;
    const visit = { utm_source: "podcast" };
    expect((await call(stack(), "POST", `/api/public/products/${freeId}/view`, { body: visit })).status).toBe(204);
    const res = await call(stack(), "POST", "/api/checkout/claim", {
      body: { productId: freeId, email: "fay.free@example.com", visit },
      headers: { [VIEWER_ADDRESS_HEADER]: `203.0.113.${++visitors}` },
    });
    expect(res.status, res.text).toBe(200);
    await settle(stack());
    expect(row((await report()).sources, "podcast")).toMatchObject({ views: 1, sales: 1, revenue_by_currency: {} });
  });

  it("the recount agrees, and puts a traffic figure that was edited by hand right", async () => {
    const { Recount } = await import("@payloft/core/recount/index");
    expect((await Recount.run({ creatorId: sid.id })).differences).toEqual([]);
    const { TrafficStatEntity } = await import("@payloft/core/db/entities");
    const date = new Date().toISOString().slice(0, 10);
    const key = { scope: `creator#${sid.id}`, date, dimension: "source" as const, value: "google" };
    await TrafficStatEntity.update(key).add({ sales: 2, revenue_jpy: 7 }).go();
    const found = await Recount.run({ creatorId: sid.id, fix: true });
    expect(found.differences).toEqual([]);
    expect(found.fixed).toBe(2);
    expect((await TrafficStatEntity.get(key).go()).data).toMatchObject({ sales: 1, revenue_jpy: 1500, views: 1 });
  });
});

describe("product performance beside it", () => {
  it("ranks products by sales, never comparing yen with euros", async () => {
    const res = await call(stack(), "GET", "/api/dashboard/products-analytics", { cookie: sid.cookie });
    // One sale each left (the newsletter's euro sale was refunded): ties in sales go by name.
    // A free product says so (the table shows its claims and "Free", not a revenue of €0.00).
    const rows = res.json.products as {
      name: string;
      sales: number;
      revenue: number;
      currency: string;
      free: boolean;
    }[];
    expect(rows.map((p) => [p.name, p.sales, p.revenue, p.currency, p.free])).toEqual([
      ["Euro Course", 1, 950, "eur", false],
      ["Free Sampler", 1, 0, "eur", true],
      ["Yen Course", 1, 1500, "jpy", false],
    ]);
  });
});

describe("POST /api/checkout/create-session with a visit", () => {
  it("refuses a visit that is not the sales page's with a 400 sentence", async () => {
    const notObject = await createSession({ productId: euroId, visit: "newsletter" });
    expect(notObject.status).toBe(400);
    expect(notObject.json.error).toBe("visit must be an object of referrer and utm_* texts.");
    const wrongType = await createSession({ productId: euroId, visit: { utm_source: 7 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.error).toBe("utm_source must be text.");
    const long = await createSession({
      productId: euroId,
      visit: { referrer: `https://x.example/${"a".repeat(2000)}` },
    });
    expect(long.status).toBe(400);
    expect(long.json.error).toBe("referrer must be at most 2000 characters.");
  });
});

describe("a cart checkout with a visit", () => {
  it("credits every item of the one payment to the visit the cart came from", async () => {
    const make = async (name: string, price: string) =>
      (
        await call(stack(), "POST", "/api/products", {
          cookie: sid.cookie,
          body: { ...productBody(), name, price, currency: "eur" },
        })
      ).json.id as string;
    const items = [{ productId: await make("Euro Brushes", "4") }, { productId: await make("Euro Paper", "6") }];
    const visit = { utm_source: "Cart Link", utm_campaign: "Autumn", referrer: "https://pod.example/ep-12" };
    const started = await createSession({ items: items.map((i) => ({ ...i, quantity: 1 })), visit });
    expect(started.status, started.text).toBe(200);
    await payOnHostedPage(started.json.url, "cat.cart@example.com");
    await settle(stack());

    const r = await report();
    expect(row(r.sources, "cart link")).toMatchObject({ sales: 2, revenue_by_currency: { eur: 1000 } });
    expect(row(r.referrers, "pod.example")).toMatchObject({ sales: 2, revenue_by_currency: { eur: 1000 } });
    expect(row(r.campaigns, "autumn")).toMatchObject({ sales: 2, revenue_by_currency: { eur: 1000 } });
  });
});
