import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiFetch } from "@/lib/api";

/** GET /api/checkout/success?session_id=. Amount in cents. */
export interface CheckoutSuccess {
  /** content_url is null once the purchase was refunded or disputed (access revoked). */
  product: { name: string; description: string; content_url: string | null };
  purchase: { amount: number; currency?: string; created_at: string; customer_email: string; status?: string };
}

export const checkoutSuccessQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ["checkout-success", sessionId],
    queryFn: () => apiFetch<CheckoutSuccess>(`/api/checkout/success?session_id=${encodeURIComponent(sessionId)}`),
    // The server reconciles with the provider on the spot, so a 4xx (unknown or unpaid
    // session) is final: show it at once. Only a network error or a 5xx is retried, once.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
    retryDelay: 800,
    staleTime: Infinity,
  });

export const useCheckoutSuccess = (sessionId: string) =>
  useQuery({ ...checkoutSuccessQuery(sessionId), enabled: Boolean(sessionId) });
