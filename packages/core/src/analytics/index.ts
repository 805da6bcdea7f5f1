import * as z from "zod";
import { currencyOf, type Currency } from "../currency/index";
import {
  CHART_DAYS as CHART_DAYS_SHOWN,
  creatorChart,
  creatorSalesBetween,
  dailySeries as dailySeriesOf,
  lastDays as lastDaysOf,
  type ChartPoint as DailyPoint,
} from "./chart";
import { rankedOfCreator } from "../product/figures";
import { conversionRate as rateOf, creatorStats, type Stats as CreatorStats } from "./stats";

/**
 * Creator dashboard figures. Everything here reads the running totals
 * and daily aggregates that fulfilment and view tracking write at event time, so the cost
 * of a dashboard is a fixed handful of GetItem/Query calls however many sales exist:
 *  - stats:  GetItem counter `creator#<id>` + GetItem user (plan, product count);
 *  - chart:  one Query of ≤ 30 daily items `creator#<id>` (chart.ts, through the lean layer);
 *  - per-product figures: the product owner's ranked read of the creator's products
 *    (product/figures.ts: one Query bounded by the plan limit, not by sales, and their counters).
 */
export namespace Analytics {
  export const CHART_DAYS = CHART_DAYS_SHOWN;

  const CreatorId = z.string().min(1);

  export type Stats = CreatorStats;
  export type ChartPoint = DailyPoint;

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
    /** Given away (price 0, one-time, not pay-what-you-want): its sales are claims, its revenue none. */
    free: boolean;
  }

  export const conversionRate = rateOf;
  export const stats = creatorStats;

  export const lastDays = lastDaysOf;
  export const dailySeries = dailySeriesOf;
  export const chartData = creatorChart;
  export const salesBetween = creatorSalesBetween;

  /** Views, sales, revenue and conversion per product, best sellers first (by sales). */
  export async function productFigures(creatorId: string): Promise<ProductFigures[]> {
    // Ranked by the product owner: best sellers first (product/figures.ts).
    return (await rankedOfCreator(CreatorId.parse(creatorId))).map((p) => ({
      id: p.id,
      name: p.name,
      is_active: p.is_active,
      views: p.view_count ?? 0,
      sales: p.sales_count ?? 0,
      revenue: p.total_revenue ?? 0,
      currency: currencyOf(p.currency),
      conversionRate: conversionRate(p.sales_count ?? 0, p.view_count ?? 0),
      free: p.price === 0 && !p.pay_what_you_want && p.billing !== "recurring",
    }));
  }
}
