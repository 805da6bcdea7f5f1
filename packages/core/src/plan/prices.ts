import { PAID_PLAN_IDS, PLANS, yearlyTotal, type BillingCycle, type PaidPlanId } from "./plans";

/**
 * Plan prices as Stripe sees them. Every amount comes from the plan table (rule: Cents and server prices:
 * never from the client). Monthly billing charges monthlyPrice each month; yearly charges
 * the rounded yearly total once a year.
 */
export const BILLING_CYCLES = ["monthly", "yearly"] as const;

export const isBillingCycle = (v: unknown): v is BillingCycle =>
  typeof v === "string" && (BILLING_CYCLES as readonly string[]).includes(v);

export { PAID_PLAN_IDS, type PaidPlanId };

export function cyclePrice(plan: PaidPlanId, cycle: BillingCycle) {
  const p = PLANS[plan];
  return cycle === "yearly"
    ? { unit_amount: yearlyTotal(p), recurring: { interval: "year" as const } }
    : { unit_amount: p.monthlyPrice, recurring: { interval: "month" as const } };
}

/** Which plan a subscription price is, when its metadata does not say (e.g. a dashboard edit). */
export function planFromPrice(
  amount: number | null | undefined,
  interval: string | null | undefined,
): PaidPlanId | undefined {
  const cycle: BillingCycle = interval === "year" ? "yearly" : "monthly";
  return PAID_PLAN_IDS.find((id) => cyclePrice(id, cycle).unit_amount === amount);
}

export const cycleOfInterval = (interval: string | null | undefined): BillingCycle =>
  interval === "year" ? "yearly" : "monthly";
