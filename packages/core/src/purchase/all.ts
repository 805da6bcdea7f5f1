import { LegacyPurchaseEntity, PurchaseEntity, type PurchaseItem } from "../db/entities";
import { SHARDS } from "../db/shards";

/**
 * The platform's purchases, newest first (admin "All Sales", the recount), from the index that
 * holds them all: gsi3, in 16 partitions by purchaseShardOf(id) so a launch's purchase writes
 * are not all one partition's 1,000 write units a second (docs/scale.md), plus the one
 * partition of purchases written before that (LegacyPurchaseEntity). A page queries each of the
 * 17 for at most a page after the position and keeps the newest; the position is the last
 * purchase shown (time, then id: one order's purchases share their time).
 */

export interface Position {
  created_at: string;
  id: string;
}

export interface Filter {
  status?: PurchaseItem["status"];
  /** Part of the buyer's e-mail or of the product's name. */
  q?: string;
}

/** The filter's conditions (and, for the legacy partition, the position's), as ElectroDB's `where` takes them. */
type Attr = Record<"status" | "customer_email" | "product_name" | "created_at" | "id", unknown>;
type Ops = {
  eq(a: unknown, v: unknown): string;
  lt(a: unknown, v: unknown): string;
  contains(a: unknown, v: unknown): string;
};
function filterOf(f: Filter, tieAfter?: Position) {
  const parts = (a: Attr, op: Ops) => {
    const out: string[] = [];
    if (f.status) out.push(op.eq(a.status, f.status));
    if (f.q) out.push(`(${op.contains(a.customer_email, f.q.toLowerCase())} OR ${op.contains(a.product_name, f.q)})`);
    // The legacy partition is sorted by time only: the position's own time is read again, minus those shown.
    if (tieAfter) out.push(`(${op.lt(a.created_at, tieAfter.created_at)} OR ${op.lt(a.id, tieAfter.id)})`);
    return out;
  };
  return parts;
}

const newestFirst = (x: Position, y: Position) =>
  x.created_at === y.created_at ? (x.id < y.id ? 1 : x.id > y.id ? -1 : 0) : x.created_at < y.created_at ? 1 : -1;

/** Up to `limit` purchases of one shard after `after`, and whether it has more. */
async function ofShard(shard: string, limit: number, f: Filter, after?: Position) {
  const q = PurchaseEntity.query.all({ all_shard: shard });
  const ranged = after ? q.lt({ created_at: after.created_at, id: after.id }) : q;
  const parts = filterOf(f);
  const res = await (f.status || f.q ? ranged.where((a, op) => parts(a, op).join(" AND ")) : ranged).go({
    order: "desc",
    count: limit,
  });
  return { items: res.data, more: res.cursor != null };
}

/** The same from the partition of purchases written before sharding. */
async function ofLegacy(limit: number, f: Filter, after?: Position) {
  const q = LegacyPurchaseEntity.query.all({});
  const ranged = after ? q.lte({ created_at: after.created_at }) : q;
  const parts = filterOf(f, after);
  const filtered = f.status || f.q || after ? ranged.where((a, op) => parts(a, op).join(" AND ")) : ranged;
  const res = await filtered.go({ order: "desc", count: limit });
  const items = res.data;
  const last = items.at(-1);
  if (!res.cursor || !last) return { items, more: false };
  // Its order among purchases of the same time is not the merge's: read all of the last one's time.
  const sameTime = LegacyPurchaseEntity.query.all({}).begins({ created_at: last.created_at });
  const same = await (f.status || f.q || after ? sameTime.where((a, op) => parts(a, op).join(" AND ")) : sameTime).go({
    pages: "all",
  });
  const seen = new Set(items.map((p) => p.id));
  return { items: [...items, ...same.data.filter((p) => !seen.has(p.id))], more: true };
}

/** One page of the platform's purchases, newest first, after `after`; `next` when there may be more. */
export async function pageOfAll(
  limit: number,
  f: Filter = {},
  after?: Position,
): Promise<{ items: PurchaseItem[]; next: Position | null }> {
  const parts = await Promise.all([...SHARDS.map((s) => ofShard(s, limit, f, after)), ofLegacy(limit, f, after)]);
  const all = parts.flatMap((p) => p.items as PurchaseItem[]).sort(newestFirst);
  const items = all.slice(0, limit);
  const last = items.at(-1);
  const more = all.length > limit || parts.some((p) => p.more);
  return { items, next: more && last ? { created_at: last.created_at, id: last.id } : null };
}

/**
 * One page of every purchase on the platform, newest first (the admin's All Sales). A filter
 * (status, or `q` in the buyer's e-mail or the product's name) keeps reading until it has a
 * page of matches. The cursor is the last purchase shown, opaque to the caller.
 */
export async function allPurchases(page: {
  status?: PurchaseItem["status"];
  q?: string;
  cursor?: string | null;
  limit: number;
}) {
  const res = await pageOfAll(page.limit, { status: page.status, q: page.q }, positionOf(page.cursor));
  return { data: res.items, cursor: res.next ? Buffer.from(JSON.stringify(res.next)).toString("base64url") : null };
}

function positionOf(cursor: string | null | undefined): Position | undefined {
  if (!cursor) return undefined;
  try {
    const p = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Partial<Position>;
    if (typeof p.created_at === "string" && typeof p.id === "string") return { created_at: p.created_at, id: p.id };
  } catch {
    // refused below
  }
  // The admin lists answer an error that names the cursor with a 400 (admin/page.ts).
  throw new Error("Unable to parse cursor");
}

/** Every purchase on the platform (the recount): the 16 partitions and the one before them. */
export async function everyPurchase(): Promise<PurchaseItem[]> {
  const parts = await Promise.all([
    ...SHARDS.map((s) => PurchaseEntity.query.all({ all_shard: s }).go({ pages: "all" })),
    LegacyPurchaseEntity.query.all({}).go({ pages: "all" }),
  ]);
  return parts.flatMap((p) => p.data as PurchaseItem[]);
}
