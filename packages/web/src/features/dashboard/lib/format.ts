/** Display helpers: money is integer cents everywhere except what a person reads. */
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usdWhole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** 1234 -> "$12.34" (Settings tables, tooltips). */
export const formatMoney = (cents: number) => usd.format((cents ?? 0) / 100);
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
