import { useState } from "react";

/** A chart day with its revenue per currency (minor units), as the chart APIs answer it. */
export interface CurrencyPoint {
  date: string;
  revenue_by_currency?: Partial<Record<string, number>>;
  /** The day's sales per currency, where the API counts them (a free claim sells at zero). */
  sales_by_currency?: Partial<Record<string, number>>;
}

/**
 * The currencies a 30-day series earned in, the one to plot first leading: the currency
 * that sold on the most days, then the most recent. Amounts in different currencies are never
 * compared (that would need exchange rates), so "most" is counted in days, not in money.
 */
export function currenciesOf(points: CurrencyPoint[]): string[] {
  const days = new Map<string, { days: number; last: string }>();
  for (const p of points) {
    const sold = { ...p.sales_by_currency, ...p.revenue_by_currency };
    for (const [currency, n] of Object.entries(sold)) {
      if (!n) continue;
      const seen = days.get(currency) ?? { days: 0, last: "" };
      days.set(currency, { days: seen.days + 1, last: p.date > seen.last ? p.date : seen.last });
    }
  }
  return [...days]
    .sort(([a, x], [b, y]) => y.days - x.days || y.last.localeCompare(x.last) || a.localeCompare(b))
    .map(([currency]) => currency);
}

/**
 * Which currency a revenue chart plots: the leading one until the person picks another from
 * the switch (shown when there is more than one). Without any sale: `fallback` (the seller's own
 * currency where the page knows it), else USD, at zero.
 */
export function useChartCurrency(points: CurrencyPoint[] | undefined, fallback = "usd") {
  const currencies = currenciesOf(points ?? []);
  const [picked, setCurrency] = useState<string | null>(null);
  const currency = picked && currencies.includes(picked) ? picked : (currencies[0] ?? fallback);
  return { currencies, currency, setCurrency };
}
