import * as z from "zod";
import { Analytics } from "../analytics/index";
import { ProductEntity, TrafficStatEntity, UserEntity } from "../db/entities";
import { AppError, ForbiddenError, NotFoundError } from "../errors";
import { requireFeature } from "../plan/gate";
import { today, transact } from "../product/store";
import { parseInput } from "../validation";
import { AttributionInput, attribute, type Attribution } from "./source";

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

  const dimensions = (a: Attribution) =>
    [
      ["source", a.source],
      ["referrer", a.referrer],
      ["campaign", a.campaign],
    ] as const;

  const scopeOf = (creatorId: string) => `creator#${creatorId}`;

  /**
   * POST /api/public/products/{id}/view {referrer?, utm_source?, utm_medium?, utm_campaign?}:
   * one sales-page view, counted on the product, the seller's counter and daily figures and
   * the seller's traffic items, in one transaction.
   */
  export async function recordView(productId: string, body: unknown): Promise<void> {
    const from = attribute(parseInput(AttributionInput, body, { prefixField: true }));
    const p = productId ? (await ProductEntity.get({ id: productId }).go({ attributes: ["creator_id"] })).data : null;
    if (!p) throw new NotFoundError("product.not_found", "Product not found");
    const date = today();
    const scope = scopeOf(p.creator_id);
    const codes = await transact(({ product, counter, daily, traffic }) => [
      product.patch({ id: productId }).add({ view_count: 1 }).commit(),
      counter.update({ scope }).add({ views: 1 }).commit(),
      daily.update({ scope, date }).add({ views: 1 }).commit(),
      daily
        .update({ scope: `product#${productId}`, date })
        .add({ views: 1 })
        .commit(),
      ...dimensions(from).map(([dimension, value]) =>
        traffic.update({ scope, date, dimension, value }).add({ views: 1 }).commit(),
      ),
    ]);
    if (codes?.[0] === "ConditionalCheckFailed") throw new NotFoundError("product.not_found", "Product not found");
    if (codes) throw new AppError("product.view_failed", "Could not record the view.", 503);
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
    sales: number;
    /** cents */
    revenue: number;
    /** percent, one decimal: sales ÷ views */
    conversionRate: number;
  }

  export interface Report {
    days: Range;
    from: string;
    to: string;
    totals: Omit<Row, "name">;
    sources: Row[];
    referrers: Row[];
    campaigns: Row[];
  }

  /** GET /api/dashboard/traffic?days=7|30|90: 403 {error, upgrade} below Pro. */
  export async function report(userId: string, query: unknown, now = new Date()): Promise<Report> {
    const { days } = parseInput(ReportInput, query);
    const user = (await UserEntity.get({ id: userId }).go()).data;
    if (!user) throw new ForbiddenError();
    requireFeature(user, "traffic_analytics");
    const dates = Analytics.lastDays(days, now);
    const from = dates[0]!;
    const to = dates[dates.length - 1]!;
    const res = await TrafficStatEntity.query
      .primary({ scope: scopeOf(userId) })
      .gte({ date: from })
      .go({ pages: "all" });
    const sums = { source: new Map<string, Row>(), referrer: new Map<string, Row>(), campaign: new Map<string, Row>() };
    for (const item of res.data) {
      if (item.date > to) continue;
      const rows = sums[item.dimension];
      const row = rows.get(item.value) ?? { name: item.value, views: 0, sales: 0, revenue: 0, conversionRate: 0 };
      row.views += item.views ?? 0;
      row.sales += item.sales ?? 0;
      row.revenue += item.revenue ?? 0;
      rows.set(item.value, row);
    }
    const list = (rows: Map<string, Row>) =>
      [...rows.values()]
        .map((r) => ({ ...r, conversionRate: Analytics.conversionRate(r.sales, r.views) }))
        .sort((a, b) => b.views - a.views || b.revenue - a.revenue || a.name.localeCompare(b.name))
        .slice(0, ROWS_MAX);
    // Every view and attributed sale is counted once in each dimension: the sources add up to the totals.
    const sources = [...sums.source.values()];
    const total = (k: "views" | "sales" | "revenue") => sources.reduce((s, r) => s + r[k], 0);
    return {
      days,
      from,
      to,
      totals: {
        views: total("views"),
        sales: total("sales"),
        revenue: total("revenue"),
        conversionRate: Analytics.conversionRate(total("sales"), total("views")),
      },
      sources: list(sums.source),
      referrers: list(sums.referrer),
      campaigns: list(sums.campaign),
    };
  }
}
