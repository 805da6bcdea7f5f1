import type Stripe from "stripe";
import type { BusEvent } from "@payloft/core/bus/index";
import type { StripeSellerDetail } from "@payloft/core/bus/events";
import { Purchase } from "@payloft/core/purchase/index";
import { logger } from "@payloft/core/log/index";

/**
 * Sellers' verified Stripe events -> purchases. Idempotent: the bus (and Stripe) may deliver
 * the same event many times, late or out of order; a throw makes the bus retry.
 */
export async function handler(event: BusEvent<StripeSellerDetail>) {
  const { sellerId, event: stripeEvent } = event.detail;
  switch (stripeEvent.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      await Purchase.fulfil(sellerId, stripeEvent.data.object as Stripe.Checkout.Session);
      return;
    case "charge.refunded":
      await Purchase.refund(sellerId, stripeEvent.data.object as Stripe.Charge);
      return;
    default:
      logger.info("seller event ignored", { type: stripeEvent.type, sellerId });
  }
}
