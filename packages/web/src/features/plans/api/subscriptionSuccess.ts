import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";

/** GET /api/platform/subscription-success?session_id= → {plan, customer_name}. */
export interface SubscriptionSuccess {
  plan: string;
  customer_name: string;
}

export const subscriptionSuccessQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ["platform", "subscription-success", sessionId],
    queryFn: () =>
      apiFetch<SubscriptionSuccess>(`/api/platform/subscription-success?session_id=${encodeURIComponent(sessionId)}`),
    retry: false,
    staleTime: Infinity,
  });

export const useSubscriptionSuccess = (sessionId: string, enabled: boolean) =>
  useQuery({ ...subscriptionSuccessQuery(sessionId), enabled });
