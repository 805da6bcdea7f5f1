import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SelectablePlanId } from "@payloft/core/plan/plans";
import { apiFetch } from "@/lib/api";

/** GET /api/platform/billing: the Billing tab's current plan, price (cents per cycle) and usage. */
export interface BillingSummary {
  plan: SelectablePlanId;
  /** admin: granted by Payloft, never billed ($0); null on accounts from before it was recorded. */
  plan_source: "admin" | "subscription" | "lifetime" | "self" | null;
  billing_cycle: "monthly" | "yearly" | "lifetime";
  price: number;
  subscription_status: string | null;
  has_subscription: boolean;
  product_count: number;
  /** null = unlimited */
  product_limit: number | null;
}

export const billingQuery = () =>
  queryOptions({ queryKey: ["platform", "billing"], queryFn: () => apiFetch<BillingSummary>("/api/platform/billing") });

export const useBilling = (refetchInterval?: number | false) => useQuery({ ...billingQuery(), refetchInterval });
