import { decimalsOf, formatMoney } from "@payloft/core/currency/units";

/**
 * THE web app's money formatting (the dashboard and admin re-export it from
 * dashboard/lib/format). Amounts are integers in their currency's minor unit everywhere but
 * display, and always shown in their own currency; a missing currency is a product or sale
 * from before currencies: usd. Light on purpose: the buyer's sales page loads it too.
 */

/** Minor units -> "$12.34", "€9.50", "¥950" (en-US). */
export function formatCents(cents: number, currency = "usd"): string {
  return formatMoney(cents ?? 0, currency || "usd");
}

/** Minor units -> the number a chart plots, in major units: 950 eur -> 9.5, 950 jpy -> 950. */
export const toMajor = (cents: number, currency = "usd") => (cents ?? 0) / 10 ** decimalsOf(currency || "usd");

/** Major units -> a chart axis label in whole units: 1234 usd -> "$1,234", 150000 jpy -> "¥150,000". */
export function formatAxisMoney(major: number, currency = "usd"): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: (currency || "usd").toUpperCase(),
    maximumFractionDigits: 0,
  }).format(major ?? 0);
}

/**
 * One line per currency, never a sum: {usd: 5000, eur: 950} -> ["$50.00", "€9.50"]. Without
 * any figure: `none` when given (e.g. "—" in a table), else the USD figure ("$0.00").
 */
export function formatByCurrency(
  byCurrency: Partial<Record<string, number>> | undefined,
  usd = 0,
  none?: string,
): string[] {
  const entries = Object.entries(byCurrency ?? {}).filter(([, n]) => n);
  if (!entries.length) return none !== undefined && !usd ? [none] : [formatCents(usd)];
  return entries.map(([currency, n]) => formatCents(n ?? 0, currency));
}

/** Minor units -> a short figure for headlines: 2_300_000_00 usd -> "$2.3M", 1_200_000 jpy -> "¥1.2M". */
export function formatCompactMoney(cents: number, currency = "usd"): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: (currency || "usd").toUpperCase(),
    notation: "compact",
    maximumFractionDigits: 1,
  }).format(toMajor(cents, currency));
}

/** "$", "€", "£", "CA$", "A$", "¥": the sign shown before an amount field. */
export function currencySymbol(currency = "usd"): string {
  const parts = new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).formatToParts(
    0,
  );
  return parts.find((p) => p.type === "currency")?.value ?? currency.toUpperCase();
}
