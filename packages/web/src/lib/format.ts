import { formatCents } from "@/lib/money";

/**
 * Display helpers. Money is integer minor units everywhere except what a person reads, and is
 * formatted by the one money module (sales-page/lib/money), re-exported here for the dashboard
 * and admin: 1234 -> "$12.34"; (950, "eur") -> "€9.50"; (950, "jpy") -> "¥950".
 */
export const formatMoney = formatCents;
export { formatAxisMoney, formatByCurrency, toMajor } from "@/lib/money";

/** A sale's amount: a free claim (a sale of 0) reads "Free", any other its money. */
export const formatSaleAmount = (cents: number, currency = "usd") =>
  cents === 0 ? "Free" : formatMoney(cents, currency);

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
