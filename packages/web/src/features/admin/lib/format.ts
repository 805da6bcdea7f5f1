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
} from "@/features/dashboard/lib/format";

const PLAN_NAMES: Record<string, string> = {
  free: "Free",
  starter: "Starter",
  pro: "Pro",
  business: "Business",
  lifetime: "Lifetime",
};
export const planName = (plan: string | null | undefined) => PLAN_NAMES[plan ?? "free"] ?? "Free";

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
