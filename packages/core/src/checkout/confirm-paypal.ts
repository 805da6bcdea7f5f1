import type { CheckoutItem } from "../db/entities";
import { paypalForCheckout } from "../integration/credentials";
import { logger } from "../log/index";
import { paypalClient, PayPalRequestError, valueToCents, type Order } from "../paypal/client";

/**
 * "Was this PayPal checkout paid, and for what?": the order as PayPal reports it now, captured
 * first when the buyer has approved it. The capture carries a PayPal-Request-Id derived from the
 * checkout, so a reload, a second tab, the webhook or a retry replays the one capture instead of
 * charging again. A capture PayPal refuses (declined, not approved) is "not paid": nothing is
 * recorded and the buyer is sent back to the product.
 *
 * The app asked is the one the checkout was created with (the seller may have changed or
 * removed it since). PayPal lets an order be approved for hours, so Payloft keeps its own
 * deadline (the record's session_expires_at, ./lifetime.ts): after it an approved order is not
 * captured, and the checkout is closed unpaid. `payable` tells the reconciler whether money may
 * still move (before the deadline, or when PayPal could not be asked).
 */
export async function confirmPayPal(record: CheckoutItem) {
  if (!record.provider_ref || !record.creator_id) return null;
  const credentials = await paypalForCheckout(record);
  if (!credentials) return null;
  const client = paypalClient(credentials);
  const open = !record.session_expires_at || Date.parse(record.session_expires_at) > Date.now();
  const unpaid = (payable = open) => ({ paid: false, amount: 0, currency: "", payable });
  let order: Order;
  try {
    order = await client.getOrder(record.provider_ref);
    if (order.status === "APPROVED" && !open) return unpaid(false);
    if (order.status === "APPROVED") order = await client.captureOrder(order.id, `capture-${record.session_id}`);
  } catch (err) {
    // Captured meanwhile by another request with its own answer: read the result.
    if (err instanceof PayPalRequestError && err.issue === "ORDER_ALREADY_CAPTURED")
      order = await client.getOrder(record.provider_ref);
    else {
      logger.warn("paypal capture failed", { checkoutId: record.session_id, error: (err as Error).message });
      // PayPal could not be asked: nothing is known, so nothing is closed either.
      return unpaid(open || !(err instanceof PayPalRequestError) || err.isUnavailable);
    }
  }
  // PayPal voided it: it can never be paid.
  if (order.status === "VOIDED") return unpaid(false);
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  if (order.status !== "COMPLETED" || capture?.status !== "COMPLETED") return unpaid();
  // The capture must be for this checkout (Payloft's id is its custom_id).
  if (capture.custom_id && capture.custom_id !== record.session_id) return unpaid(false);
  const email = order.payer?.email_address;
  const name = [order.payer?.name?.given_name, order.payer?.name?.surname].filter(Boolean).join(" ").trim();
  return {
    paid: true,
    amount: valueToCents(capture.amount.value, capture.amount.currency_code),
    currency: capture.amount.currency_code.toLowerCase(),
    ...(email ? { buyer_email: email } : {}),
    ...(name ? { buyer_name: name } : {}),
    payment_ref: capture.id,
  };
}
