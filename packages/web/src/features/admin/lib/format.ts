import { planOf } from "@payloft/core/plan/plans";

/** Admin display helpers; the dashboard's money/date formatters are shared, not copied. */
export {
  formatByCurrency,
  formatCount,
  formatDate,
  formatDay,
  formatMoney,
  formatSaleAmount,
  formatAxisMoney,
  toMajor,
} from "@/lib/format";

/** The plan's name from the one plan table; unknown or empty is Free (rule: Unknown plans are free). */
export const planName = (plan: string | null | undefined) => planOf(plan).name;

export const STATUS_LABELS = {
  pending: "Pending",
  under_review: "Under review",
  approved: "Approved",
  rejected: "Rejected",
} as const;

/** "commission_rate" -> "Commission rate". */
export const humanize = (key: string) => key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

/** "2026-03" -> "Mar 2026". */
export function formatMonth(month: string) {
  const d = new Date(`${month}-01T00:00:00Z`);
  return d.toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
}
