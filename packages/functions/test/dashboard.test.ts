import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "../../local/src/testing/index";
import { writeSales } from "../../core/test/sales-fixtures";
import { signInSellers, type Person } from "./actors";

const stack = useStack();
let ann: Person, bob: Person, cara: Person;

beforeAll(async () => {
  ({ ann, bob, cara } = await signInSellers(stack()));
  await writeSales({ creatorId: ann.id, count: 10, amount: 1250, buyers: 4, viewsPerDay: 40 });
  await writeSales({ creatorId: bob.id, count: 3, amount: 900, buyers: 3 });
});

describe("GET /api/dashboard/stats", () => {
  it("answers the caller's own totals from the counters, with conversion and plan limit", async () => {
    const res = await call(stack(), "GET", "/api/dashboard/stats", { cookie: ann.cookie });
    expect(res.status).toBe(200);
    expect(res.json.stats).toEqual({
      totalProducts: 0,
      totalSales: 10,
      totalRevenue: 12500,
      revenue_by_currency: { usd: 12500 },
      totalCustomers: 4,
      conversionRate: 0.8, // 10 purchases ÷ 1,200 views
      productLimit: 1,
      plan: "free",
      mrr_by_currency: {},
      active_members: 0,
      trialing_members: 0,
      churned_members_30d: 0,
    });
    const other = await call(stack(), "GET", "/api/dashboard/stats", { cookie: bob.cookie });
    expect(other.json.stats).toMatchObject({ totalSales: 3, totalRevenue: 2700, totalCustomers: 3, conversionRate: 0 });
  });

  it("is refused to customers and to visitors", async () => {
    expect((await call(stack(), "GET", "/api/dashboard/stats", { cookie: cara.cookie })).status).toBe(403);
    expect((await call(stack(), "GET", "/api/dashboard/stats")).status).toBe(401);
  });
});

describe("GET /api/dashboard/chart-data", () => {
  it("gives 30 zero-filled days ending today with the caller's own sales and revenue in cents", async () => {
    const res = await call(stack(), "GET", "/api/dashboard/chart-data", { cookie: bob.cookie });
    expect(res.status).toBe(200);
    const chart = res.json.chartData as { date: string; sales: number; revenue: number }[];
    expect(chart).toHaveLength(30);
    expect(chart.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
    expect(chart[0]!.date).toBe(new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10));
    expect(chart.reduce((s, p) => s + p.sales, 0)).toBe(3);
    expect(chart.reduce((s, p) => s + p.revenue, 0)).toBe(2700);
    expect(chart.filter((p) => p.sales === 0 && p.revenue === 0)).toHaveLength(27);
    for (const p of chart) expect(p.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await call(stack(), "GET", "/api/dashboard/chart-data", { cookie: cara.cookie })).status).toBe(403);
  });
});

describe("GET /api/dashboard/products-analytics", () => {
  it("lists only the caller's products with views, sales, revenue and conversion", async () => {
    const { ProductEntity } = await import("@payloft/core/db/entities");
    await ProductEntity.create({
      id: "ann-p1",
      creator_id: ann.id,
      name: "Ann's guide",
      price: 1250,
      content_url: "https://x.test/g",
      view_count: 1200,
      sales_count: 10,
      total_revenue: 12500,
    }).go();
    await ProductEntity.create({
      id: "bob-p1",
      creator_id: bob.id,
      name: "Bob's kit",
      price: 900,
      content_url: "https://x.test/k",
    }).go();
    const res = await call(stack(), "GET", "/api/dashboard/products-analytics", { cookie: ann.cookie });
    expect(res.status).toBe(200);
    expect(res.json.products).toEqual([
      {
        id: "ann-p1",
        name: "Ann's guide",
        is_active: true,
        views: 1200,
        sales: 10,
        revenue: 12500,
        currency: "usd",
        conversionRate: 0.8,
        free: false,
      },
    ]);
  });
});
