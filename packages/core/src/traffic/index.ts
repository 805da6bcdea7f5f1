import * as z from "zod";
import { Analytics } from "../analytics/index";
import { addByCurrency, revenueByCurrency, type Currency } from "../currency/index";
import { randomUUID } from "node:crypto";
import { TrafficStatEntity, ViewEntity, type TrafficStatItem } from "../db/entities";
import { userById } from "../user/read";
import { getProduct } from "../product/view";
import { ForbiddenError, NotFoundError } from "../errors";
import { requireFeature } from "../plan/gate";
import { today } from "../product/store";
import { parseInput } from "../validation";
import { trafficScope } from "./dimensions";
import { AttributionInput, attribute } from "./source";

/**
 * Traffic analytics (Pro and up, rule: Features by plan): where a creator's sales-page visits come
 * from, counted at event time per day and per source, referrer host and campaign
 * (TrafficStatEntity), so the report is one Query of the creator's own days, never a Scan.
 * Views are counted for every plan, so a creator who upgrades sees their history at once;
 * only reading the report is gated.
 */
export namespace Traffic {
  export const RANGES = [7, 30, 90] as const;
  export type Range = (typeof RANGES)[number];
  /** Each list of the report keeps its biggest rows. */
  export const ROWS_MAX = 50;

  /** A view is counted within three days of the stream delivering it; then DynamoDB deletes its item. */
  const VIEW_TTL_SECONDS = 3 * 24 * 60 * 60;

  /**
   * POST /api/public/products/{id}/view {referrer?, utm_source?, utm_medium?, utm_campaign?}:
   * one sales-page view, written as an item of its own (one small write, never on an item every
   * view would write); the figures fold counts it on the product, the seller's counter and daily
   * figures and the seller's traffic items, exactly once (core/src/tally).
   */
  export async function recordView(productId: string, body: unknown): Promise<void> {
    const from = attribute(parseInput(AttributionInput, body, { prefixField: true }));
    const p = await getProduct(productId);
    if (!p) throw new NotFoundError("product.not_found", "Product not found");
    await ViewEntity.put({
      id: randomUUID(),
      product_id: productId,
      creator_id: p.creator_id,
      date: today(),
      ...from,
      expires_at: Math.floor(Date.now() / 1000) + VIEW_TTL_SECONDS,
    }).go();
  }

  const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
  export const ReportInput = z.object({
    days: z.preprocess(
      blank,
      z.coerce
        .number("days must be 7, 30 or 90.")
        .refine((d): d is Range => (RANGES as readonly number[]).includes(d), "days must be 7, 30 or 90.")
        .default(30),
    ),
  });

  export interface Row {
    name: string;
    views: number;
    /** Sales attributed to visits from here, net of refunds and disputes. */
    sales: number;
    /** USD cents only (the figure from before currencies); every currency in revenue_by_currency */
    revenue: number;
    /** Minor units per currency, never added together: {usd: 5000, eur: 950}. */
    revenue_by_currency: Partial<Record<Currency, number>>;
    /** percent, one decimal: sales ÷ views */
    conversionRate: number;
  }

  export interface Report {
    days: Range;
    from: string;
    to: string;
    /**
     * Every view and attributed sale; `unattributed_sales` are the period's other sales (a cart,
     * the Buy form before JavaScript, a link straight to checkout, a renewal), which Product
     * performance and the stats count but no source can claim.
     */
    totals: Omit<Row, "name"> & { unattributed_sales: number };
    sources: Row[];
    referrers: Row[];
    campaigns: Row[];
  }

  const empty = (): Row => ({ name: "", views: 0, sales: 0, revenue: 0, revenue_by_currency: {}, conversionRate: 0 });
  /** A day's item added to a row: each currency's revenue to its own figure. */
  const add = (row: Row, item: TrafficStatItem): Row =>
    sum(row, {
      ...empty(),
      views: item.views ?? 0,
      sales: item.sales ?? 0,
      revenue_by_currency: revenueByCurrency(item),
    });
  const sum = (a: Row, b: Row): Row => {
    const byCurrency = addByCurrency(a.revenue_by_currency, b.revenue_by_currency);
    return {
      ...a,
      views: a.views + b.views,
      sales: a.sales + b.sales,
      revenue: byCurrency.usd ?? 0,
      revenue_by_currency: byCurrency,
    };
  };

  /** GET /api/dashboard/traffic?days=7|30|90: 403 {error, upgrade} below Pro. */
  export async function report(userId: string, query: unknown, now = new Date()): Promise<Report> {
    const { days } = parseInput(ReportInput, query);
    const user = await userById(userId);
    if (!user) throw new ForbiddenError();
    requireFeature(user, "traffic_analytics");
    const dates = Analytics.lastDays(days, now);
    const from = dates[0]!;
    const to = dates[dates.length - 1]!;
    const [res, allSales] = await Promise.all([
      TrafficStatEntity.query
        .primary({ scope: trafficScope(userId) })
        .gte({ date: from })
        .go({ pages: "all" }),
      Analytics.salesBetween(userId, from, to),
    ]);
    const sums = { source: new Map<string, Row>(), referrer: new Map<string, Row>(), campaign: new Map<string, Row>() };
    for (const item of res.data) {
      if (item.date > to) continue;
      const rows = sums[item.dimension];
      const row = rows.get(item.value) ?? { ...empty(), name: item.value };
      rows.set(item.value, add(row, item));
    }
    const list = (rows: Map<string, Row>) =>
      [...rows.values()]
        .map((r) => ({ ...r, conversionRate: Analytics.conversionRate(r.sales, r.views) }))
        .sort((a, b) => b.views - a.views || b.sales - a.sales || a.name.localeCompare(b.name))
        .slice(0, ROWS_MAX);
    // Every view and attributed sale is counted once in each dimension: the sources add up to the totals.
    const { name: _, ...totals } = [...sums.source.values()].reduce(sum, { ...empty(), name: "" });
    return {
      days,
      from,
      to,
      totals: {
        ...totals,
        conversionRate: Analytics.conversionRate(totals.sales, totals.views),
        unattributed_sales: Math.max(0, allSales - totals.sales),
      },
      sources: list(sums.source),
      referrers: list(sums.referrer),
      campaigns: list(sums.campaign),
    };
  }
}
