import { apiFetch } from "@/lib/api";
import { useAction } from "@/lib/useAction";

/** What the buyer asks for: the product, and a discount code or a pay-what-you-want amount (cents). */
export interface CheckoutRequest {
  productId: string;
  discount_code?: string;
  amount?: number;
  /** Add the product's order bump: one payment, two purchases (rule: Order bumps). */
  order_bump?: boolean;
  /** The affiliate code of the page's `?ref=` (the page also set the attribution cookie). */
  ref?: string;
  /** Where the visit came from (referrer, utm_*), as counted with its view: traffic analytics. */
  visit?: Record<string, string>;
}

/** The seller's payment page, and the checkout's id (the success page's `session_id`). */
export interface StartedCheckout {
  url?: string;
  checkout_id?: string;
  error?: string;
}

/** The checkout route; a page without JavaScript posts its buy form here too (answered 303 to the payment page). */
export const CHECKOUT_PATH = "/api/checkout/create-session";

const createCheckout = (body: CheckoutRequest) => apiFetch<StartedCheckout>(CHECKOUT_PATH, { method: "POST", body });

/** POST /api/checkout/create-session {productId, discount_code?, amount?, visit?} -> {url, checkout_id}. */
export const useCreateCheckout = () => useAction(createCheckout);
