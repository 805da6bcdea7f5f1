import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { signInAdminCast, type Person } from "./actors";

/**
 * All Sales reads the platform's purchases from 16 index partitions and the one partition of
 * purchases written before the split (core/src/purchase/all.ts), merged newest first: pages of
 * any size show every sale once and in order, with the filters, across the partitions and the
 * old one, including purchases of one order (same time) cut by a page boundary; the recount
 * reads them all.
 */
const stack = useStack();
let admin: Person;

const sale = (id: string, created_at: string, status: "completed" | "refunded" = "completed") => ({
  id,
  product_id: "p-shards",
  product_name: id.includes("old") ? "Old Presets" : "Sharded Presets",
  content_url: "https://x.example.com",
  creator_id: "seller-shards",
  creator_name: "sam",
  customer_email: `${id}@example.com`,
  amount: 1000,
  status,
  created_at,
});

// 30 new purchases over 10 times (three of an order share each), 6 written before the split.
const at = (i: number) => `2026-11-0${1 + (i % 5)}T10:00:0${i % 10}.000Z`;
const fresh = Array.from({ length: 30 }, (_, i) =>
  sale(`cs_new_${i}`, at(Math.floor(i / 3)), i % 4 ? "completed" : "refunded"),
);
const old = Array.from({ length: 6 }, (_, i) => sale(`cs_old_${i}`, at(Math.floor(i / 2) + 1)));
const newestFirst = (xs: { id: string; created_at: string }[]) =>
  [...xs].sort((x, y) =>
    x.created_at === y.created_at ? y.id.localeCompare(x.id) : y.created_at.localeCompare(x.created_at),
  );

beforeAll(async () => {
  ({ admin } = await signInAdminCast(stack()));
  const { PurchaseEntity, LegacyPurchaseEntity } = await import("@payloft/core/db/entities");
  await PurchaseEntity.put(fresh).go();
  // Written as the code before the split wrote them: index key `$payloft`, sorted by time only.
  await LegacyPurchaseEntity.put(old).go();
});

async function everyPage(query: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 100; n++) {
    const res = await call(
      stack(),
      "GET",
      `/api/admin/sales?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ""}`,
      {
        cookie: admin.cookie,
      },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json.sales.length).toBeLessThanOrEqual(limit);
    ids.push(...res.json.sales.map((s: { id: string }) => s.id));
    cursor = res.json.nextCursor;
    if (!cursor) return ids;
  }
  throw new Error("more than 100 pages");
}

describe("All Sales across the index's partitions", () => {
  it("the purchases are spread over the index's partitions; those written before stay in the old one", async () => {
    const { PurchaseEntity, LegacyPurchaseEntity } = await import("@payloft/core/db/entities");
    const indexKey = (params: object) => (params as { Item: { gsi3pk: string } }).Item.gsi3pk;
    const keys = new Set(fresh.map((p) => indexKey(PurchaseEntity.put(p).params())));
    expect(keys.size).toBeGreaterThan(4);
    expect([...keys].every((k) => k.startsWith("$payloft#all_shard_"))).toBe(true);
    expect(indexKey(LegacyPurchaseEntity.put(old[0]!).params())).toBe("$payloft");
  });

  it.each([1, 2, 5, 7, 25])("pages of %i: every sale once, newest first, old and new merged", async (limit) => {
    expect(await everyPage("", limit)).toEqual(newestFirst([...fresh, ...old]).map((p) => p.id));
  });

  it("filters page the same way: by status, by part of the product's name", async () => {
    expect(await everyPage("&status=refunded", 2)).toEqual(
      newestFirst(fresh.filter((p) => p.status === "refunded")).map((p) => p.id),
    );
    expect(await everyPage("&q=old", 4)).toEqual(newestFirst(old).map((p) => p.id));
  });

  it("a cursor that is not one of ours is a 400, not a 500", async () => {
    const res = await call(stack(), "GET", "/api/admin/sales?cursor=bm90LWEtY3Vyc29y", { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("The page cursor is not valid. Reload the list and try again.");
  });

  it("the recount reads every purchase, old and new", async () => {
    const { readPurchases } = await import("@payloft/core/recount/stored");
    const ids = (await readPurchases({})).map((p) => p.id);
    for (const p of [...fresh, ...old]) expect(ids).toContain(p.id);
  });
});
