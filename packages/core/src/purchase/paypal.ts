import { CheckoutEntity, PurchaseEntity } from "../db/entities";
import { Integration } from "../integration/index";
import { logger } from "../log/index";
import { paidFromCapture } from "../payment/paypal-events";
import { paypalClient, PayPalRequestError, type Order } from "../paypal/client";
import { recordPaidCheckout } from "./paid";

/**
 * Brings a PayPal checkout to its purchase: the buyer's return (and the success page, when the
 * webhook is late) and purchase.paid from PayPal's webhook all come here: the order as PayPal
 * reports it now, captured when approved, then recorded once. The capture carries a PayPal-Request-Id derived from the checkout,
 * so a reload, a second tab or a retry replays the one capture instead of charging again.
 * `orderId`, when given (the return URL's token), must be the checkout's own order.
 */
export async function settlePayPalCheckout(checkoutId: string, orderId?: string) {
  const existing = (await PurchaseEntity.get({ id: checkoutId }).go()).data;
  if (existing) return existing;
  const checkout = (await CheckoutEntity.get({ session_id: checkoutId }).go()).data;
  if (!checkout || checkout.provider !== "paypal" || !checkout.provider_ref || !checkout.creator_id) return null;
  if (orderId !== undefined && orderId !== checkout.provider_ref) return null;
  const paypal = await Integration.paypalFor(checkout.creator_id);
  if (!paypal) return null;
  const client = paypalClient(paypal.credentials);
  let order: Order;
  try {
    order = await client.getOrder(checkout.provider_ref);
    if (order.status === "APPROVED") order = await client.captureOrder(order.id, `capture-${checkoutId}`);
  } catch (err) {
    // Captured meanwhile by another request with its own answer: read the result.
    if (err instanceof PayPalRequestError && err.issue === "ORDER_ALREADY_CAPTURED")
      order = await client.getOrder(checkout.provider_ref);
    else {
      logger.warn("paypal capture failed", { checkoutId, error: (err as Error).message });
      return null;
    }
  }
  if (order.status !== "COMPLETED") return null; // not approved (cancelled or abandoned): nothing to record
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  const paid =
    capture && paidFromCapture(checkout.creator_id, capture, `return-${checkoutId}`, order.payer?.email_address);
  return paid ? recordPaidCheckout(paid) : null;
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
