import { describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { useStack } from "@payloft/local/testing/index";
import {
  makeSeller,
  openSession,
  payOnHostedPage,
  refundInDashboard,
  settle,
} from "@payloft/local/stripe-sandbox/testing";

/**
 * npm run recount: figures recomputed from the purchases agree with what the ledger wrote at
 * sale time; figures edited behind the ledger's back are reported and, with --fix, corrected,
 * by the core operation and by the command an operator types.
 */
const stack = useStack();
const root = join(import.meta.dirname, "../../..");

async function core() {
  stack();
  const entities = await import("@payloft/core/db/entities");
  const { Recount } = await import("@payloft/core/recount/index");
  return { ...entities, Recount };
}

/** Two paid sales and one refunded, through the hosted page, the seller's webhook and the bus. */
async function sellerWithSales() {
  const seller = await makeSeller({ price: 1200 });
  const ids: string[] = [];
  for (const email of ["ann@example.com", "bob@example.com", "ann@example.com"]) {
    const session = await openSession(stack(), seller);
    await payOnHostedPage(session.url!, email);
    ids.push(session.id);
  }
  await settle(stack());
  const { PurchaseEntity } = await core();
  const pi = (await PurchaseEntity.get({ id: ids[1]! }).go()).data!.payment_intent!;
  await refundInDashboard(stack(), pi);
  await settle(stack());
  return seller;
}

/**
 * The operator's command in its own process, run asynchronously: the local DynamoDB it talks to
 * (the contention-true front) lives in this test's process and must keep answering meanwhile.
 */
function recountCommand(...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    execFile(
      "node",
      ["--import", "tsx", "packages/local/src/ops/recount.ts", ...args],
      {
        cwd: root,
        encoding: "utf8",
        env: {
          ...process.env,
          DYNAMODB_ENDPOINT: stack().dynamoEndpoint,
          PAYLOFT_TABLE: stack().tableName,
          SST_RESOURCE_Table: "",
        },
        timeout: 60_000,
      },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

describe("recount", () => {
  it("finds nothing to correct after sales and a refund recorded by the real pipeline", async () => {
    const { Recount } = await core();
    const seller = await sellerWithSales();
    const report = await Recount.run({ creatorId: seller.sellerId });
    expect(report.purchases).toBe(3);
    expect(report.differences).toEqual([]);
    // The whole platform too (every seller of this file's table, the platform counter and daily rows).
    expect((await Recount.run()).differences).toEqual([]);
  });

  // Two runs of the command in their own processes: slow on a loaded machine.
  it("reports figures edited behind the ledger's back, and --fix corrects them", { timeout: 120_000 }, async () => {
    const { Recount, CounterEntity, DailyStatEntity, CustomerEntity } = await core();
    const seller = await sellerWithSales();
    const today = new Date().toISOString().slice(0, 10);
    await CounterEntity.update({ scope: `creator#${seller.sellerId}` })
      .add({ sales: 3, revenue: -100 })
      .go();
    await DailyStatEntity.update({ scope: `product#${seller.productId}`, date: "2020-01-01" })
      .add({ sales: 1, revenue: 500 })
      .go();
    await CustomerEntity.patch({ creator_id: seller.sellerId, email: "ann@example.com" }).add({ total_spent: 7 }).go();
    // A product's sales are its counter's (the figures fold), on top of its item's from before.
    await CounterEntity.update({ scope: `product#${seller.productId}` })
      .add({ sales: -2 })
      .go();

    const report = await Recount.run({ creatorId: seller.sellerId });
    expect(report.differences).toEqual(
      expect.arrayContaining([
        { holder: "counter", key: `creator#${seller.sellerId}`, field: "sales", stored: 5, expected: 2 },
        { holder: "counter", key: `creator#${seller.sellerId}`, field: "revenue", stored: 2300, expected: 2400 },
        { holder: "daily", key: `product#${seller.productId}|2020-01-01`, field: "sales", stored: 1, expected: 0 },
        { holder: "daily", key: `product#${seller.productId}|2020-01-01`, field: "revenue", stored: 500, expected: 0 },
        {
          holder: "customer",
          key: `${seller.sellerId}|ann@example.com`,
          field: "total_spent",
          stored: 2407,
          expected: 2400,
        },
        { holder: "product", key: seller.productId, field: "sales_count", stored: 0, expected: 2 },
      ]),
    );
    expect(report.differences).toHaveLength(6);

    const dry = await recountCommand("--creator", seller.sellerId);
    expect(dry.code, dry.out).toBe(1);
    expect(dry.out).toContain("6 figures differ");
    expect(dry.out).toContain(`counter creator#${seller.sellerId} sales: stored 5, the sales say 2`);
    expect((await Recount.run({ creatorId: seller.sellerId })).differences).toHaveLength(6);

    const fixed = await recountCommand("--creator", seller.sellerId, "--fix");
    expect(fixed.out).toContain("Fixed 6; 0 still differ.");
    expect(fixed.code).toBe(0);
    expect((await Recount.run({ creatorId: seller.sellerId })).differences).toEqual([]);
    expect((await CounterEntity.get({ scope: `creator#${seller.sellerId}` }).go()).data).toMatchObject({
      sales: 2,
      revenue: 2400,
      customers: 2,
    });
    expect((await DailyStatEntity.get({ scope: `creator#${seller.sellerId}`, date: today }).go()).data).toMatchObject({
      sales: 2,
      revenue: 2400,
    });
  });
});
