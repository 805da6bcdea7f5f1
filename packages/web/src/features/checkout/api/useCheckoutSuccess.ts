import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/** GET /api/checkout/success?session_id= (spec part 1 §7). Amount in cents. */
export interface CheckoutSuccess {
  product: { name: string; description: string; content_url: string };
  purchase: { amount: number; created_at: string; customer_email: string };
}

export const checkoutSuccessQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ["checkout-success", sessionId],
    queryFn: () => apiFetch<CheckoutSuccess>(`/api/checkout/success?session_id=${encodeURIComponent(sessionId)}`),
    // The server reconciles with the provider itself; a couple of retries cover a payment
    // that is still settling when the buyer lands here.
    retry: 2,
    retryDelay: 1500,
    staleTime: Infinity,
  });

export const useCheckoutSuccess = (sessionId: string) =>
  useQuery({ ...checkoutSuccessQuery(sessionId), enabled: Boolean(sessionId) });
