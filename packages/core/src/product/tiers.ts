/**
 * A product's billing as stored and read, without zod (view.ts and the sales page's lean path
 * bundle this file): one_time or recurring, tiers with a price per interval (minor units of the
 * product's currency), a free trial. What may be sent is checked in ./billing.ts.
 */

export const BILLINGS = ["one_time", "recurring"] as const;
export type Billing = (typeof BILLINGS)[number];
export const INTERVALS = ["month", "quarter", "year"] as const;
export type Interval = (typeof INTERVALS)[number];
export const MAX_TRIAL_DAYS = 90;
export const MAX_TIERS = 10;

export interface TierPrice {
  interval: Interval;
  /** minor units of the product's currency */
  amount: number;
}
export interface Tier {
  id: string;
  name: string;
  description?: string;
  prices: TierPrice[];
}

/** A stored product's billing (products from before memberships are one-time). */
export const billingOf = (p: { billing?: Billing; tiers?: Tier[]; trial_days?: number }) => ({
  billing: p.billing ?? "one_time",
  tiers: (p.tiers ?? []).map((t) => ({
    id: t.id,
    name: t.name,
    ...(t.description ? { description: t.description } : {}),
    prices: t.prices.map((x) => ({ interval: x.interval, amount: x.amount })),
  })),
  trial_days: p.trial_days ?? 0,
});
