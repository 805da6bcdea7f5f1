import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { productBody, signInAdmin, signInWithRole, type Person } from "./actors";

/**
 * Traffic analytics: the view beacon takes referrer and utm_*; the report
 * answers views by source, referrer host and campaign for 7/30/90 days from items written
 * at view time; below Pro it is a 403 {error, upgrade}.
 */
const stack = useStack();

let pro: Person;
let free: Person;
let productId = "";
let otherProductId = "";

const view = (id: string, body?: unknown) =>
  call(stack(), "POST", `/api/public/products/${id}/view`, body === undefined ? {} : { body });
const traffic = (who: Person, query = "") =>
  call(stack(), "GET", `/api/dashboard/traffic${query}`, { cookie: who.cookie });

beforeAll(async () => {
  const admin = await signInAdmin(stack());
  pro = await signInWithRole(stack(), "pia@example.com", "creator");
  free = await signInWithRole(stack(), "fred@example.com", "creator");
  await call(stack(), "PUT", `/api/admin/users/${pro.id}/plan`, { cookie: admin.cookie, body: { plan: "pro" } });
  productId = (await call(stack(), "POST", "/api/products", { cookie: pro.cookie, body: productBody() })).json.id;
  otherProductId = (await call(stack(), "POST", "/api/products", { cookie: free.cookie, body: productBody() })).json.id;
});

describe("POST /api/public/products/{id}/view with where the visit came from", () => {
  it("counts each view by source, referrer host and campaign", async () => {
    const visits = [
      { referrer: "https://www.google.com/search?q=design+guide" },
      { referrer: "https://www.google.co.uk/" },
      { referrer: "https://t.co/xyz", utm_source: "Newsletter", utm_medium: "Email", utm_campaign: "Spring Launch" },
      { referrer: "https://blog.example.org/post/1", utm_campaign: "spring launch" },
      {},
      undefined,
    ];
    for (const v of visits) expect((await view(productId, v)).status).toBe(204);
    // Another creator's visitor never shows in this creator's report.
    expect((await view(otherProductId, { referrer: "https://secret.example.com/" })).status).toBe(204);
    await stack().stream.idle(); // views are counted from the table's stream (core/src/tally)

    const res = await traffic(pro, "?days=7");
    expect(res.status, res.text).toBe(200);
    const rows = (list: { name: string; views: number }[]) => Object.fromEntries(list.map((r) => [r.name, r.views]));
    expect(res.json.days).toBe(7);
    expect(res.json.totals).toMatchObject({ views: 6, sales: 0, revenue: 0, conversionRate: 0 });
    expect(rows(res.json.sources)).toEqual({ google: 2, "newsletter / email": 1, "blog.example.org": 1, direct: 2 });
    expect(res.json.sources[0]).toEqual({
      name: "direct",
      views: 2,
      sales: 0,
      revenue: 0,
      revenue_by_currency: {},
      conversionRate: 0,
    });
    expect(rows(res.json.referrers)).toEqual({
      "google.com": 1,
      "google.co.uk": 1,
      "t.co": 1,
      "blog.example.org": 1,
      direct: 2,
    });
    expect(rows(res.json.campaigns)).toEqual({ "spring launch": 2, "(none)": 4 });
    expect(JSON.stringify(res.json)).not.toContain("secret.example.com");
    // The conversion figures the dashboard already had still count these views.
    const figures = await call(stack(), "GET", "/api/dashboard/products-analytics", { cookie: pro.cookie });
    expect(JSON.stringify(figures.json)).toContain('"views":6');
  });

  it("refuses values of the wrong type with a 400 and an unknown product with a 404", async () => {
    const bad = await view(productId, { referrer: 42 });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("referrer must be text.");
    const long = await view(productId, { utm_campaign: "c".repeat(201) });
    expect(long.status).toBe(400);
    expect((await view("nope", {})).status).toBe(404);
    // A referrer that is not a web page counts as direct, oddities in utm values are tamed.
    expect((await view(productId, { referrer: "javascript:alert(1)", utm_source: "  <b>Big#Deal</b>  " })).status).toBe(
      204,
    );
    await stack().stream.idle();
    const res = await traffic(pro, "?days=7");
    expect(res.json.sources.map((r: { name: string }) => r.name)).toContain("b big deal /b");
  });
});

describe("GET /api/dashboard/traffic", () => {
  it("covers 7, 30 or 90 days (30 by default) from the items of those days", async () => {
    const { TrafficStatEntity } = await import("@payloft/core/db/entities");
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const scope = `creator#${pro.id}`;
    for (const [age, value] of [
      [20, "old-20"],
      [60, "old-60"],
      [120, "old-120"],
    ] as const) {
      await TrafficStatEntity.update({ scope, date: daysAgo(age), dimension: "source", value })
        .add({ views: 3, sales: 1, revenue: 1500 })
        .go();
    }
    const names = async (q: string) => ((await traffic(pro, q)).json.sources as { name: string }[]).map((r) => r.name);
    expect(await names("?days=7")).not.toContain("old-20");
    expect(await names("")).toContain("old-20");
    expect(await names("?days=30")).not.toContain("old-60");
    const ninety = await traffic(pro, "?days=90");
    expect(ninety.json.sources.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(["old-20", "old-60"]),
    );
    expect(ninety.json.sources.map((r: { name: string }) => r.name)).not.toContain("old-120");
    expect(ninety.json.sources.find((r: { name: string }) => r.name === "old-60")).toEqual({
      name: "old-60",
      views: 3,
      sales: 1,
      revenue: 1500,
      revenue_by_currency: { usd: 1500 },
      conversionRate: 33.3,
    });
    for (const q of ["?days=14", "?days=abc", "?days=-7"]) {
      const res = await traffic(pro, q);
      expect(res.status, q).toBe(400);
      expect(res.json.error).toBe("days must be 7, 30 or 90.");
    }
  });

  it("reads the creator's own traffic items and daily figures with one Query each, never a Scan", async () => {
    const { dynamo } = await import("@payloft/core/db/client");
    const client = dynamo();
    const sent: string[] = [];
    const original = client.send.bind(client);
    client.send = ((command: { constructor: { name: string } }, ...rest: unknown[]) => {
      sent.push(command.constructor.name);
      return (original as (...a: unknown[]) => unknown)(command, ...rest);
    }) as typeof client.send;
    // The lean layer (daily items) goes over plain HTTP, not the SDK client: watched too.
    const { watchCalls } = await import("@payloft/core/db/lean/call");
    const stop = watchCalls((operation) => void sent.push(`${operation}Command`));
    try {
      expect((await traffic(pro, "?days=90")).status).toBe(200);
    } finally {
      client.send = original;
      stop();
    }
    expect(sent).not.toContain("ScanCommand");
    // The traffic items, and the daily items whose sales no visit claimed (totals.unattributed_sales).
    expect(sent.filter((c) => c === "QueryCommand")).toHaveLength(2);
  });

  it("is a Pro feature: lower plans get 403 {error, upgrade}", async () => {
    const res = await traffic(free, "?days=7");
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({
      error: "Traffic analytics is part of the Pro plan. Upgrade to use it.",
      upgrade: "pro",
    });
  });
});
