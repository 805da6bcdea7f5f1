import { REVENUE_FIELDS, currencyOf } from "../currency/index";
import { CounterEntity, ProductEntity, PurchaseEntity, type CounterItem } from "../db/entities";
import { backoff } from "../retry";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * A product's sales, revenue and views: what its item held when it was last written for a sale
 * or a view (before the figures fold existed), plus its counter `product#<id>`, which the fold
 * keeps since (core/src/tally). The product item is no longer written for a sale or a view: it
 * sits in two platform-wide index partitions, so a hot product would throttle every product.
 */
interface WithFigures {
  id: string;
  sales_count: number;
  total_revenue: number;
  view_count: number;
}

const scopeOf = (productId: string) => `product#${productId}`;

/** Sums a product's counter (revenue in its one currency, whatever field holds it) into its totals. */
export function addCounter<T extends WithFigures>(p: T, c: Partial<CounterItem> | null | undefined): T {
  if (!c) return p;
  const revenue = REVENUE_FIELDS.reduce((n, f) => n + Number((c as Record<string, unknown>)[f] ?? 0), 0);
  return {
    ...p,
    sales_count: (p.sales_count ?? 0) + (c.sales ?? 0),
    total_revenue: (p.total_revenue ?? 0) + revenue,
    view_count: (p.view_count ?? 0) + (c.views ?? 0),
  };
}

/**
 * A creator's products with their figures, best sellers first (the dashboard's per-product
 * table): most sales, then most revenue, but only within one currency (¥1,500 is not more than
 * €9.50), then by name. One Query of the creator's products (bounded by the plan's limit, not by
 * sales) and their counters.
 */
export async function rankedOfCreator(creatorId: string) {
  const res = await ProductEntity.query.byCreator({ creator_id: creatorId }).go({
    pages: "all",
    attributes: [
      "id",
      "name",
      "is_active",
      "view_count",
      "sales_count",
      "total_revenue",
      "currency",
      "price",
      "pay_what_you_want",
      "billing",
    ],
  });
  const products = await withFigures(res.data as (typeof res.data)[number][]);
  return products.sort(
    (a, b) =>
      (b.sales_count ?? 0) - (a.sales_count ?? 0) ||
      (currencyOf(a.currency) === currencyOf(b.currency) ? (b.total_revenue ?? 0) - (a.total_revenue ?? 0) : 0) ||
      a.name.localeCompare(b.name),
  );
}

/** The products with their figures: one BatchGetItem of their counters per 100 products. */
export async function withFigures<T extends WithFigures>(products: T[]): Promise<T[]> {
  const counters = new Map<string, CounterItem>();
  for (let i = 0; i < products.length; i += 100) {
    let keys = products.slice(i, i + 100).map((p) => ({ scope: scopeOf(p.id) }));
    // Keys DynamoDB could not read now (capacity) come back unprocessed: read them again.
    for (let attempt = 1; keys.length; attempt++) {
      const res = await CounterEntity.get(keys).go({ preserveBatchOrder: false });
      for (const c of res.data) counters.set(c.scope, c);
      keys = res.unprocessed as typeof keys;
      if (keys.length && attempt >= 6) throw new Error("product figures could not be read now");
      if (keys.length) await sleep(backoff(50, 1000)(attempt));
    }
  }
  return products.map((p) => addCounter(p, counters.get(scopeOf(p.id))));
}

/**
 * The fold keeps up within seconds (its alarm fires at 10 minutes behind), so a sale newer
 * than that may not be on the counter yet; its purchase item is in the creator's index at once.
 */
const FOLD_LAG_MS = 60 * 60_000;

/**
 * Whether a product has sold, for rules that must not wait for the figures: its counted sales,
 * or else a purchase of it in the creator's last hour of sales that the fold may not have
 * counted yet. Read only when the counter says none, so a selling product costs no query.
 */
export async function hasSold(p: WithFigures & { creator_id: string }): Promise<boolean> {
  if ((await withFigures([p]))[0]!.sales_count > 0) return true;
  const since = new Date(Date.now() - FOLD_LAG_MS).toISOString();
  const recent = await PurchaseEntity.query
    .byCreator({ creator_id: p.creator_id })
    .gte({ created_at: since })
    .where(({ product_id }, { eq }) => eq(product_id, p.id))
    .go({ pages: "all", attributes: ["id"] });
  return recent.data.length > 0;
}
