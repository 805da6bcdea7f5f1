import * as z from "zod";
import { currencyOf, revenueByCurrency, type Currency } from "../currency/index";
import { DailyStatEntity, ProductEntity } from "../db/entities";
import { conversionRate as rateOf, creatorStats, type Stats as CreatorStats } from "./stats";

/**
 * Creator dashboard figures. Everything here reads the running totals
 * and daily aggregates that fulfilment and view tracking write at event time, so the cost
 * of a dashboard is a fixed handful of GetItem/Query calls however many sales exist:
 *  - stats:  GetItem counter `creator#<id>` + GetItem user (plan, product count);
 *  - chart:  one Query of ≤ 30 daily items `creator#<id>`;
 *  - per-product figures: one Query of the creator's products (bounded by the plan limit,
 *    not by sales), whose items carry their own view/sale/revenue totals.
 */
export namespace Analytics {
  /** The chart always covers this many days, today (UTC) included. */
  export const CHART_DAYS = 30;

  const CreatorId = z.string().min(1);

  export type Stats = CreatorStats;

  export interface ChartPoint {
    date: string;
    sales: number;
    /** USD cents; see revenue_by_currency */
    revenue: number;
    revenue_by_currency: Partial<Record<Currency, number>>;
    views: number;
  }

  export interface ProductFigures {
    id: string;
    name: string;
    is_active: boolean;
    views: number;
    sales: number;
    /** minor units of the product's currency */
    revenue: number;
    currency: Currency;
    conversionRate: number;
  }

  export const conversionRate = rateOf;
  export const stats = creatorStats;

  /** YYYY-MM-DD (UTC) of the last `days` days, oldest first, ending with `today`. */
  export function lastDays(days: number, today = new Date()): string[] {
    const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
    return Array.from({ length: days }, (_, i) =>
      new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    );
  }

  /** The last 30 days for one scope, zero-filled, read with a single Query. */
  export async function dailySeries(scope: string, today = new Date()): Promise<ChartPoint[]> {
    const dates = lastDays(CHART_DAYS, today);
    const res = await DailyStatEntity.query
      .primary({ scope })
      .between({ date: dates[0]! }, { date: dates[dates.length - 1]! })
      .go({ pages: "all" });
    const byDate = new Map(res.data.map((d) => [d.date, d]));
    return dates.map((date) => {
      const d = byDate.get(date);
      return {
        date,
        sales: d?.sales ?? 0,
        revenue: d?.revenue ?? 0,
        revenue_by_currency: revenueByCurrency(d),
        views: d?.views ?? 0,
      };
    });
  }

  export async function chartData(creatorId: string, today = new Date()): Promise<ChartPoint[]> {
    return dailySeries(`creator#${CreatorId.parse(creatorId)}`, today);
  }

  /** Views, sales, revenue and conversion per product, best sellers first (by sales). */
  export async function productFigures(creatorId: string): Promise<ProductFigures[]> {
    const res = await ProductEntity.query.byCreator({ creator_id: CreatorId.parse(creatorId) }).go({
      pages: "all",
      attributes: ["id", "name", "is_active", "view_count", "sales_count", "total_revenue", "currency"],
    });
    return (
      res.data
        .map((p) => ({
          id: p.id,
          name: p.name,
          is_active: p.is_active,
          views: p.view_count ?? 0,
          sales: p.sales_count ?? 0,
          revenue: p.total_revenue ?? 0,
          currency: currencyOf(p.currency),
          conversionRate: conversionRate(p.sales_count ?? 0, p.view_count ?? 0),
        }))
        // Best sellers first; revenue breaks a tie only within one currency (¥1,500 is not more than €9.50).
        .sort(
          (a, b) =>
            b.sales - a.sales ||
            (a.currency === b.currency ? b.revenue - a.revenue : 0) ||
            a.name.localeCompare(b.name),
        )
    );
  }
}
