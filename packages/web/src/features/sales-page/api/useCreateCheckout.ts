import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";

/** What the buyer asks for: the product, and a discount code or a pay-what-you-want amount (cents). */
export interface CheckoutRequest {
  productId: string;
  discount_code?: string;
  amount?: number;
  /** Where the visit came from (referrer, utm_*), as counted with its view: traffic analytics. */
  visit?: Record<string, string>;
}

/** The seller's payment page, and the checkout's id (the success page's `session_id`). */
export interface StartedCheckout {
  url?: string;
  checkout_id?: string;
  error?: string;
}

/** POST /api/checkout/create-session {productId, discount_code?, amount?, visit?} -> {url, checkout_id}. */
export function useCreateCheckout() {
  return useMutation({
    mutationFn: (body: CheckoutRequest) =>
      apiFetch<StartedCheckout>("/api/checkout/create-session", { method: "POST", body }),
  });
}
