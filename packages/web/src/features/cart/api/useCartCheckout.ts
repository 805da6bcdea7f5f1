import { apiFetch } from "@/lib/api";
import { useAction } from "@/lib/useAction";
import type { CartItem } from "@/lib/cart";
import { cartVisit, type Visit } from "@/lib/visit";

/** POST /api/checkout/create-session {items, discount_code?, visit?}: one payment for the whole cart. */
export interface CartCheckoutRequest {
  items: { productId: string; quantity: 1; amount?: number }[];
  discount_code?: string;
  /** The visit the cart's sales are credited to in traffic analytics (lib/visit.ts). */
  visit?: Visit;
}

const startCheckout = (body: CartCheckoutRequest) =>
  apiFetch<{ url?: string; checkout_id?: string; error?: string }>("/api/checkout/create-session", {
    method: "POST",
    body,
  });

/** A cart's request: a pay-what-you-want item carries its chosen amount (checked against its minimum there). */
export const cartRequest = (items: CartItem[], code: string): CartCheckoutRequest => ({
  items: items.map((i) => ({
    productId: i.productId,
    quantity: 1,
    ...(i.payWhatYouWant ? { amount: i.price } : {}),
  })),
  ...(code.trim() ? { discount_code: code.trim() } : {}),
  visit: cartVisit(items),
});

export const useCartCheckout = () => useAction(startCheckout);
