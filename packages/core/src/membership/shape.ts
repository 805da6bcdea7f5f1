import type { MembershipItem } from "../db/entities";

/** A membership as the buyer's portal, the creator's Members view and API v1 show it. */
export interface MembershipInfo {
  id: string;
  product_id: string;
  product_name: string;
  tier: string;
  tier_name: string;
  interval: "month" | "quarter" | "year";
  status: MembershipItem["status"];
  /** ISO: the end of the paid period (or trial); a canceled membership keeps access until then. */
  current_period_end: string;
  cancel_at_period_end: boolean;
  /** minor units of `currency`: one period's price */
  amount: number;
  /** what the next charge will be; null when none is coming (canceled or ended) */
  next_amount: number | null;
  currency: string;
  customer_email: string;
  created_at: string;
  ended_at: string | null;
}

export function membershipInfo(m: MembershipItem): MembershipInfo {
  const charging = m.status !== "ended" && m.status !== "canceled";
  return {
    id: m.id,
    product_id: m.product_id,
    product_name: m.product_name,
    tier: m.tier,
    tier_name: m.tier_name ?? m.tier,
    interval: m.interval,
    status: m.status,
    current_period_end: m.current_period_end,
    cancel_at_period_end: m.cancel_at_period_end ?? false,
    amount: m.amount,
    next_amount: charging ? m.amount : null,
    currency: m.currency,
    customer_email: m.customer_email,
    created_at: m.created_at,
    ended_at: m.ended_at ?? null,
  };
}

/** One plan a member may change to: a tier's price for one interval, in the membership's currency. */
export interface MembershipPlan {
  tier: string;
  tier_name: string;
  interval: "month" | "quarter" | "year";
  /** minor units of the membership's currency: one period's price */
  amount: number;
}

/**
 * A membership in the buyer's own list: where it is paid (Stripe prorates a change of plan at
 * once, PayPal asks the buyer to approve it) and the product's plans today, the current one
 * included; none once it has ended.
 */
export interface BuyerMembershipInfo extends MembershipInfo {
  provider: MembershipItem["provider"];
  plans: MembershipPlan[];
}
