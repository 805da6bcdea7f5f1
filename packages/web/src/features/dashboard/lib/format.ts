import { formatMoney as inCurrency } from "@payloft/core/currency/units";

/** Display helpers: money is integer minor units (cents) everywhere except what a person reads. */
const usdWhole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** 1234 -> "$12.34"; (950, "eur") -> "€9.50"; (950, "jpy") -> "¥950" (tables, tooltips). */
export const formatMoney = (cents: number, currency = "usd") => inCurrency(cents ?? 0, currency || "usd");
/** A sale's amount: a free claim (a sale of 0) reads "Free", any other its money. */
export const formatSaleAmount = (cents: number, currency = "usd") =>
  cents === 0 ? "Free" : formatMoney(cents, currency);
/** 123400 -> "$1,234" (chart axis: whole dollars). */
export const formatWholeDollars = (cents: number) => usdWhole.format(Math.round((cents ?? 0) / 100));
/** One decimal and a percent sign, e.g. 2.5 -> "2.5%". */
export const formatPercent = (value: number) => `${(value ?? 0).toFixed(1)}%`;
export const formatCount = (n: number) => new Intl.NumberFormat("en-US").format(n ?? 0);

/** ISO timestamp -> "Mar 4, 2026"; empty for missing values. */
export function formatDate(iso: string | null | undefined) {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ""
    : d.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

/** 'YYYY-MM-DD' chart day -> "Mar 4" (read as UTC so the label never shifts a day). */
export function formatDay(date: string, withYear = false) {
  const d = new Date(`${date}T00:00:00Z`);
  return d.toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    ...(withYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  });
}

/**
 * One line per currency, never a sum: {usd: 5000, eur: 950} -> ["$50.00", "€9.50"]. Without
 * any revenue yet, the USD figure ("$0.00").
 */
export function formatByCurrency(byCurrency: Partial<Record<string, number>> | undefined, usd = 0): string[] {
  const entries = Object.entries(byCurrency ?? {}).filter(([, n]) => n);
  if (!entries.length) return [formatMoney(usd)];
  return entries.map(([currency, n]) => formatMoney(n ?? 0, currency));
}

/** Totals and rounded averages per currency of some amounts, e.g. a buyer's purchases. */
export function totalsByCurrency(items: { amount: number; currency?: string }[]) {
  const totals: Record<string, number> = {};
  const counts: Record<string, number> = {};
  for (const { amount, currency = "usd" } of items) {
    totals[currency] = (totals[currency] ?? 0) + amount;
    counts[currency] = (counts[currency] ?? 0) + 1;
  }
  const averages = Object.fromEntries(Object.entries(totals).map(([c, t]) => [c, Math.round(t / counts[c]!)]));
  return { totals, averages };
}
