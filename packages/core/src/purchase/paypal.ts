import { CheckoutEntity } from "../db/entities";
import { fulfilCheckout } from "./fulfil";

/**
 * The buyer's return from PayPal: the one fulfilment path (./fulfil.ts) captures the approved
 * order and records the purchase once, exactly as purchase.paid from PayPal's webhook and the
 * success page would. `orderId`, when given (the return URL's token), must be the checkout's
 * own order.
 */
export async function settlePayPalCheckout(checkoutId: string, orderId?: string) {
  const checkout = (await CheckoutEntity.get({ session_id: checkoutId }).go()).data;
  if (!checkout || checkout.provider !== "paypal" || !checkout.provider_ref) return null;
  if (orderId !== undefined && orderId !== checkout.provider_ref) return null;
  return fulfilCheckout(checkoutId);
}

const CHECKOUT_ID = /^ppc_[a-f0-9]{32}$/;

/**
 * GET /api/checkout/paypal/return: where the buyer's browser goes next. A paid checkout lands
 * on the success page; one that could not be captured (not approved, unknown) goes back to the
 * product's sales page, so a buyer never sees a success screen for money that did not move.
 */
export async function paypalReturnLocation(query: { checkout_id?: string; token?: string }): Promise<string> {
  const checkoutId = query.checkout_id ?? "";
  const token = (query.token ?? "").slice(0, 64);
  if (!CHECKOUT_ID.test(checkoutId)) return "/";
  const purchase = await settlePayPalCheckout(checkoutId, token || undefined);
  if (purchase) return `/checkout/success?session_id=${encodeURIComponent(checkoutId)}`;
  const checkout = (await CheckoutEntity.get({ session_id: checkoutId }).go()).data;
  return checkout?.product_id ? `/product/${encodeURIComponent(checkout.product_id)}` : "/";
}
