import { PLANS, formatPlanPrice, yearlyTotal, type BillingCycle, type Plan } from "@payloft/core/plan/plans";

/** Display helpers over the one plan table (rule: One plan table): dollars only here, at display. */
export const perMonth = (plan: Plan, cycle: BillingCycle) =>
  cycle === "yearly" ? plan.yearlyMonthlyPrice : plan.monthlyPrice;

export function billedNote(plan: Plan, cycle: BillingCycle) {
  if (plan.monthlyPrice === 0) return "Free forever";
  return cycle === "yearly" ? `${formatPlanPrice(yearlyTotal(plan))} billed yearly` : "Billed monthly";
}

export const limitLabel = (limit: number | null) =>
  limit === null ? "Unlimited products" : `${limit} product${limit === 1 ? "" : "s"}`;

/** 'pro' → 'Pro'; unknown ids read as Free (rule: Unknown plans are free). */
export const planName = (id: string | null | undefined) =>
  id && id in PLANS ? PLANS[id as keyof typeof PLANS].name : PLANS.free.name;

/** Order for Upgrade / Downgrade labels. */
export const PLAN_RANK: Record<string, number> = { free: 0, starter: 1, pro: 2, business: 3, lifetime: 4 };
