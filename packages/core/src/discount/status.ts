import type { DiscountItem } from "../db/entities";

/**
 * A code's state and the claim that makes it unique within its seller. Apart from ./index (the
 * seller's create/update with its input schemas) because checkout needs only these.
 */
export type DiscountStatus = "active" | "inactive" | "expired" | "used_up";

export const discountClaimScope = (creatorId: string) => `discount-code#${creatorId}`;

/** When the code stops applying, whichever attribute holds it (codes saved before the rename: the old one). */
export const discountEndOf = (d: Pick<DiscountItem, "expires_at" | "legacy_expires_at">): string | null =>
  d.expires_at ?? d.legacy_expires_at ?? null;

export function discountStatusOf(d: DiscountItem, now = Date.now()): DiscountStatus {
  if (!d.is_active) return "inactive";
  const end = discountEndOf(d);
  if (end && Date.parse(end) <= now) return "expired";
  if (d.max_redemptions != null && d.redemptions >= d.max_redemptions) return "used_up";
  return "active";
}
