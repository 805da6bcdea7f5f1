import type { DiscountItem } from "../db/entities";

/**
 * A code's state and the claim that makes it unique within its seller. Apart from ./index (the
 * seller's create/update with its input schemas) because checkout needs only these.
 */
export type DiscountStatus = "active" | "inactive" | "expired" | "used_up";

export const discountClaimScope = (creatorId: string) => `discount-code#${creatorId}`;

export function discountStatusOf(d: DiscountItem, now = Date.now()): DiscountStatus {
  if (!d.is_active) return "inactive";
  if (d.expires_at && Date.parse(d.expires_at) <= now) return "expired";
  if (d.max_redemptions != null && d.redemptions >= d.max_redemptions) return "used_up";
  return "active";
}
