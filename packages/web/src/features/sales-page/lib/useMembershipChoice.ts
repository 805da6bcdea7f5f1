import { useState } from "react";
import type { Tier } from "@payloft/core/product/tiers";
import { INTERVAL_ORDER, type Interval } from "@/lib/membership";

/**
 * A membership's choice on the sales page and the overlay: the billing period (a monthly /
 * quarterly / yearly switch of the intervals its tiers are sold by) and the tier, priced from
 * the product's own tiers (minor units, rule: Cents and server prices: checkout charges the same
 * Price). Null for a one-time product.
 */
export interface MembershipChoice {
  tiers: Tier[];
  /** The intervals any tier is sold by, in month, quarter, year order. */
  intervals: Interval[];
  interval: Interval;
  setInterval: (i: Interval) => void;
  tier: string;
  setTier: (id: string) => void;
  /** minor units: one period of the chosen tier at the chosen interval */
  amount: number;
  trialDays: number;
}

export interface Recurring {
  billing?: string;
  tiers?: Tier[];
  trial_days?: number;
}

export const priceAt = (t: Tier, i: Interval) => t.prices.find((p) => p.interval === i)?.amount;

const firstSold = (tiers: Tier[], i: Interval) => tiers.find((t) => priceAt(t, i) !== undefined);

export function useMembershipChoice(product: Recurring | undefined): MembershipChoice | null {
  const tiers = product?.billing === "recurring" ? (product.tiers ?? []) : [];
  const intervals = INTERVAL_ORDER.filter((i) => firstSold(tiers, i));
  const [interval, setIntervalState] = useState<Interval>(intervals[0] ?? "month");
  const [tier, setTier] = useState(firstSold(tiers, interval)?.id ?? "");
  if (!tiers.length || !intervals.length) return null;
  const chosen = tiers.find((t) => t.id === tier) ?? tiers[0]!;
  return {
    tiers,
    intervals,
    interval,
    // A tier not sold by the new period gives way to the first one that is.
    setInterval: (i) => {
      setIntervalState(i);
      if (priceAt(chosen, i) === undefined) setTier(firstSold(tiers, i)?.id ?? chosen.id);
    },
    tier: chosen.id,
    setTier,
    amount: priceAt(chosen, interval) ?? 0,
    trialDays: product?.trial_days ?? 0,
  };
}
