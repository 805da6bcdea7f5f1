import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiFetch } from "@/lib/api";
import type { DeliveredItem } from "@/components/BundleItemLinks";
import type { SaleMembership } from "@payloft/core/membership/summary";

/**
 * GET /api/checkout/success?session_id=, with the content as the purchase's access link
 * (rule: Access links; null once refunded). Amount in cents.
 */
export interface CheckoutSuccess {
  product: { name: string; description: string };
  /** The first purchase of the payment. amount is the price; tax (Stripe Tax) was added on top; total is what the buyer paid. */
  purchase: SuccessPurchase;
  /** Every purchase of the payment (an order bump, a cart: several), each with its own access link. */
  purchases?: SuccessPurchase[];
  /** The payment as a whole: the sum of its purchases. */
  order?: { id: string; amount: number; tax: number; total: number; currency?: string };
  /** A membership's first sale: the membership it started (tier, period, price, trial end), else null. */
  membership?: SaleMembership | null;
}

export interface SuccessPurchase {
  /** The checkout session id (a claim's own id for a free product). */
  id: string;
  amount: number;
  tax?: number;
  total?: number;
  currency?: string;
  created_at: string;
  customer_email: string;
  /** null once the purchase was refunded or disputed (access revoked). */
  access_url: string | null;
  /** Products sold with licence keys: this purchase's key. */
  license_key: string | null;
  /** A bundle's items, each with its own access link and key (rule: Bundles); [] otherwise. */
  bundle_items?: DeliveredItem[];
  status?: string;
  product_id?: string;
  product_name?: string;
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
