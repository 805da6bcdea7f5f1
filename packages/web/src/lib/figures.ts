import { formatCompactMoney } from "@/lib/money";
import type { PublicStats } from "@/lib/publicStats";

export interface Figure {
  label: string;
  /** One line, or one per currency (revenue is never summed across currencies). */
  values: string[];
}

const count = (n: number) => `${n.toLocaleString("en-US")}+`;

/**
 * What the landing and lifetime pages may claim: only figures the server gave (already rounded
 * down and past their thresholds), each marked "+" because the truth is at least that.
 */
export function figuresOf(stats: PublicStats | undefined): Figure[] {
  if (!stats) return [];
  const revenue = Object.entries(stats.revenue_by_currency)
    .filter(([, n]) => n)
    .map(([currency, n]) => `${formatCompactMoney(n ?? 0, currency)}+`);
  return [
    ...(stats.products_sold ? [{ label: "Products sold", values: [count(stats.products_sold)] }] : []),
    ...(stats.creators ? [{ label: "Creators", values: [count(stats.creators)] }] : []),
    ...(revenue.length ? [{ label: "Revenue", values: revenue }] : []),
  ];
}
