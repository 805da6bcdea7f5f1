import * as z from "zod/mini";
import "../zod";
import { revenueByCurrency, salesByCurrency, type Currency } from "../currency/index";
import type { DailyStatItem } from "../db/entities/daily-stat";
import { queryBetween } from "../db/lean/query";
import { dailyStatSchema } from "../db/schemas/daily-stat";

/**
 * The dashboard's chart (GET /api/dashboard/chart-data): one Query of at most 30 daily items,
 * zero-filled, however many sales exist. Read through the lean layer, so the dashboard-chart-data
 * Lambda carries no ElectroDB. The Analytics namespace re-exports it.
 */

/** The chart always covers this many days, today (UTC) included. */
export const CHART_DAYS = 30;

export interface ChartPoint {
  date: string;
  /** Every sale of the day, whatever its currency; see sales_by_currency */
  sales: number;
  /** The day's sales counted per currency: {usd: 3, eur: 1} (the chart plots one currency's). */
  sales_by_currency: Partial<Record<Currency, number>>;
  /** USD cents; see revenue_by_currency */
  revenue: number;
  revenue_by_currency: Partial<Record<Currency, number>>;
  views: number;
}

const CreatorId = z.string().check(z.minLength(1));

/** YYYY-MM-DD (UTC) of the last `days` days, oldest first, ending with `today`. */
export function lastDays(days: number, today = new Date()): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** The last 30 days for one scope, zero-filled, read with a single Query. */
export async function dailySeries(scope: string, today = new Date()): Promise<ChartPoint[]> {
  const dates = lastDays(CHART_DAYS, today);
  const items = await queryBetween<DailyStatItem>(
    dailyStatSchema,
    { scope },
    { date: dates[0]! },
    { date: dates.at(-1)! },
  );
  const byDate = new Map(items.map((d) => [d.date, d]));
  return dates.map((date) => {
    const d = byDate.get(date);
    return {
      date,
      sales: d?.sales ?? 0,
      sales_by_currency: salesByCurrency(d),
      revenue: d?.revenue ?? 0,
      revenue_by_currency: revenueByCurrency(d),
      views: d?.views ?? 0,
    };
  });
}

/** Every sale a creator's daily items counted from `from` to `to` (YYYY-MM-DD, both included). */
export async function creatorSalesBetween(creatorId: string, from: string, to: string): Promise<number> {
  const items = await queryBetween<DailyStatItem>(
    dailyStatSchema,
    { scope: `creator#${CreatorId.parse(creatorId)}` },
    { date: from },
    { date: to },
  );
  return items.reduce((n, d) => n + (d.sales ?? 0), 0);
}

export async function creatorChart(creatorId: string, today = new Date()): Promise<ChartPoint[]> {
  return dailySeries(`creator#${CreatorId.parse(creatorId)}`, today);
}
