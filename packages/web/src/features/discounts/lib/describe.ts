import type { DiscountCode } from "@/features/discounts/api/discounts";
import { formatMoney } from "@/lib/format";

/** "25% off", "$5.00 off" or "€5.00 off" (an amount off is in the code's own currency). */
export const discountLabel = (d: Pick<DiscountCode, "percent_off" | "amount_off" | "currency">) =>
  d.percent_off != null ? `${d.percent_off}% off` : `${formatMoney(d.amount_off ?? 0, d.currency ?? "usd")} off`;

/** "3 / 10 used" or "3 used" without a limit. */
export const usageLabel = (d: Pick<DiscountCode, "redemptions" | "max_redemptions">) =>
  d.max_redemptions != null ? `${d.redemptions} / ${d.max_redemptions} used` : `${d.redemptions} used`;

export const STATUS: Record<DiscountCode["status"], { label: string; tone: "success" | "neutral" | "warning" }> = {
  active: { label: "Active", tone: "success" },
  inactive: { label: "Paused", tone: "neutral" },
  expired: { label: "Expired", tone: "warning" },
  used_up: { label: "Used up", tone: "warning" },
};
