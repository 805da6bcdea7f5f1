import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { useStack } from "@payloft/local/testing/index";
import { writeSales } from "./sales-fixtures";

const stack = useStack();

/**
 * Meters every DynamoDB request the core client sends: command name, items returned and
 * the capacity DynamoDB reports (ReturnConsumedCapacity is switched on for each request).
 */
type Metered = { command: string; items: number; capacity: number };
let log: Metered[] = [];
let metering = false;

type Output = {
  Count?: number;
  Item?: unknown;
  ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[];
};
function record(command: string, o: Output) {
  const cc = Array.isArray(o.ConsumedCapacity) ? o.ConsumedCapacity : o.ConsumedCapacity ? [o.ConsumedCapacity] : [];
  log.push({
    command,
    items: o.Count ?? (o.Item ? 1 : 0),
    capacity: cc.reduce((s, c) => s + (c.CapacityUnits ?? 0), 0),
  });
}

beforeAll(async () => {
  stack();
  const { dynamo } = await import("../src/db/client");
  const { watchCalls } = await import("../src/db/lean/call");
  // Through the entities (the SDK client)...
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (!metering) return next(args);
      const input = args.input as Record<string, unknown>;
      if (!("RequestItems" in input) || context.commandName !== "BatchWriteItemCommand")
        input.ReturnConsumedCapacity = "TOTAL";
      const out = await next(args);
      record(context.commandName ?? "?", out.output as Output);
      return out;
    },
    { step: "initialize", name: "testReadMeter" },
  );
  // ...and through the lean layer (the stats strip's reads).
  watchCalls((operation, input) => {
    if (!metering) return;
    (input as unknown as Record<string, unknown>).ReturnConsumedCapacity = "TOTAL";
    return (output) => record(`${operation}Command`, output as Output);
  });
});
afterEach(() => {
  metering = false;
  log = [];
});

async function metered<T>(fn: () => Promise<T>) {
  log = [];
  metering = true;
  const result = await fn();
  metering = false;
  const summary = {
    requests: log.length,
    commands: log.map((l) => l.command).sort(),
    items: log.reduce((s, l) => s + l.items, 0),
    capacity: log.reduce((s, l) => s + l.capacity, 0),
  };
  return { result, summary };
}

describe("Analytics", () => {
  it("computes conversion as purchases ÷ views × 100 with one decimal, 0 without views", async () => {
    const { Analytics } = await import("../src/analytics/index");
    expect(Analytics.conversionRate(0, 0)).toBe(0);
    expect(Analytics.conversionRate(5, 0)).toBe(0);
    expect(Analytics.conversionRate(1, 3)).toBe(33.3);
    expect(Analytics.conversionRate(2, 3)).toBe(66.7);
    expect(Analytics.conversionRate(10, 10)).toBe(100);
  });

  it("gives exactly 30 zero-filled days ending today", async () => {
    const { Analytics } = await import("../src/analytics/index");
    const chart = await Analytics.chartData("nobody");
    expect(chart).toHaveLength(30);
    expect(chart.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
    expect(chart.every((p) => p.sales === 0 && p.revenue === 0)).toBe(true);
    const dates = chart.map((p) => p.date);
    expect(new Set(dates).size).toBe(30);
    expect([...dates].sort()).toEqual(dates);
  });

  it("stats and chart read the same items and capacity with 10 sales as with 10,000", async () => {
    const { Analytics } = await import("../src/analytics/index");
    const { UserEntity } = await import("../src/db/entities");
    await UserEntity.create({
      id: "big",
      email: "big@example.com",
      name: "Big",
      role: "creator",
      plan: "pro",
      onboarding_completed: true,
      product_count: 1,
    }).go();

    await writeSales({ creatorId: "big", count: 10, amount: 1500, viewsPerDay: 40 });
    const small = {
      stats: await metered(() => Analytics.stats("big")),
      chart: await metered(() => Analytics.chartData("big")),
    };
    expect(small.stats.result.totalSales).toBe(10);
    expect(small.stats.result.totalRevenue).toBe(15000);
    expect(small.stats.result.conversionRate).toBe(0.8); // 10 / 1200 views
    expect(small.chart.result.reduce((s, p) => s + p.sales, 0)).toBe(10);

    await writeSales({ creatorId: "big", count: 9990, offset: 10, amount: 1500, viewsPerDay: 1000 });
    const large = {
      stats: await metered(() => Analytics.stats("big")),
      chart: await metered(() => Analytics.chartData("big")),
    };
    expect(large.stats.result.totalSales).toBe(10_000);
    expect(large.stats.result.totalRevenue).toBe(15_000_000);
    expect(large.stats.result.conversionRate).toBe(33.3); // 10,000 / 30,000 views
    expect(large.chart.result.reduce((s, p) => s + p.sales, 0)).toBe(10_000);

    // The cost does not grow with the number of sales: same requests, same items, same capacity.
    expect(small.stats.summary.requests).toBeGreaterThan(0);
    expect(small.chart.summary.requests).toBeGreaterThan(0);
    expect(large.stats.summary).toEqual(small.stats.summary);
    expect(large.chart.summary).toEqual(small.chart.summary);
    // The counters, and the members who ended in the last 30 days from the same 30 daily items.
    expect(small.stats.summary.commands).toEqual(["GetItemCommand", "GetItemCommand", "QueryCommand"]);
    expect(small.stats.summary.items).toBeLessThanOrEqual(2 + 30);
    expect(small.chart.summary.commands).toEqual(["QueryCommand"]);
    expect(small.chart.summary.items).toBe(30);
    expect(small.stats.summary.capacity).toBeGreaterThan(0);
    expect(large.stats.summary.capacity + large.chart.summary.capacity).toBeLessThanOrEqual(5);
  }, 180_000);

  it("reports per-product views, sales, revenue and conversion from the product items", async () => {
    const { Analytics } = await import("../src/analytics/index");
    const { ProductEntity } = await import("../src/db/entities");
    await ProductEntity.create({
      id: "p-a",
      creator_id: "pp",
      name: "A",
      price: 500,
      content_url: "https://x.test/a",
      view_count: 200,
      sales_count: 5,
      total_revenue: 2500,
    }).go();
    await ProductEntity.create({
      id: "p-b",
      creator_id: "pp",
      name: "B",
      price: 900,
      content_url: "https://x.test/b",
      view_count: 0,
      sales_count: 0,
      total_revenue: 0,
    }).go();
    await ProductEntity.create({
      id: "p-c",
      creator_id: "someone-else",
      name: "C",
      price: 900,
      content_url: "https://x.test/c",
    }).go();
    const figures = await Analytics.productFigures("pp");
    expect(figures).toEqual([
      {
        id: "p-a",
        name: "A",
        is_active: true,
        views: 200,
        sales: 5,
        revenue: 2500,
        currency: "usd",
        conversionRate: 2.5,
        free: false,
      },
      {
        id: "p-b",
        name: "B",
        is_active: true,
        views: 0,
        sales: 0,
        revenue: 0,
        currency: "usd",
        conversionRate: 0,
        free: false,
      },
    ]);
  });
});
