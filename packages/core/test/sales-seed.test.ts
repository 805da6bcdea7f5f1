import { describe, expect, it } from "vitest";
import { useStack } from "@payloft/local/testing/index";

const stack = useStack();

describe("demo sales seed", () => {
  it("fills 30 days of consistent history once, and a second run changes nothing", async () => {
    stack();
    const { seed: seedAccounts } = await import("@payloft/local/seed/accounts");
    const { seed: seedSales } = await import("@payloft/local/seed/sales");
    const { EmailEntity, ProductEntity, CounterEntity, PurchaseEntity, CustomerEntity } =
      await import("../src/db/entities");
    const { Analytics } = await import("../src/analytics/index");
    const { Sales } = await import("../src/sales/index");
    await seedAccounts();
    const creatorId = (await EmailEntity.get({ email: "creator@demo.local" }).go()).data!.user_id;
    await ProductEntity.create({
      id: "demo-guide",
      creator_id: creatorId,
      name: "Demo Guide",
      price: 1900,
      content_url: "https://content.example.com/guide",
    }).go();

    await seedSales();
    const counter = (await CounterEntity.get({ scope: `creator#${creatorId}` }).go()).data!;
    const purchases = (await PurchaseEntity.query.byCreator({ creator_id: creatorId }).go({ pages: "all" })).data;
    const customers = (await CustomerEntity.query.primary({ creator_id: creatorId }).go({ pages: "all" })).data;
    expect(purchases.length).toBeGreaterThan(30);
    expect(counter.sales).toBe(purchases.length);
    expect(counter.revenue).toBe(purchases.length * 1900);
    expect(counter.customers).toBe(customers.length);
    expect(customers.reduce((s, c) => s + c.total_purchases, 0)).toBe(purchases.length);

    const chart = await Analytics.chartData(creatorId);
    expect(chart.reduce((s, p) => s + p.sales, 0)).toBe(purchases.length);
    expect(chart.filter((p) => p.sales > 0).length).toBeGreaterThan(15);
    expect(chart.every((p) => p.views > 0)).toBe(true);
    const stats = await Analytics.stats(creatorId);
    expect(stats.conversionRate).toBeGreaterThan(0);
    const [figures] = await Analytics.productFigures(creatorId);
    expect(figures).toMatchObject({ sales: purchases.length, revenue: purchases.length * 1900, views: counter.views });

    const portal = await Sales.purchasesOf("buyer@demo.local");
    expect(portal).toHaveLength(1);
    expect(portal[0]).toMatchObject({
      product_name: "Demo Guide",
      access_url: expect.stringMatching(/\/a\/[\w-]{32}$/), // the content only through its access link
      status: "completed",
    });

    await seedSales();
    const again = (await CounterEntity.get({ scope: `creator#${creatorId}` }).go()).data!;
    expect(again).toEqual(counter);
    expect((await PurchaseEntity.query.byCreator({ creator_id: creatorId }).go({ pages: "all" })).data).toHaveLength(
      purchases.length,
    );
  }, 120_000);
});
