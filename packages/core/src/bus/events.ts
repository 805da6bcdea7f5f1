import type Stripe from "stripe";

/**
 * Typed events on the bus. Webhook receivers verify a provider's signature and publish
 * one of these; subscribers (packages/functions/src/subscribers.ts) do the fulfilment.
 */
export const EventTypes = {
  /** A verified event from the platform's own Stripe account (plans, lifetime deal). */
  StripePlatform: "stripe.platform",
  /** A verified event from a seller's Stripe account (product purchases, refunds). */
  StripeSeller: "stripe.seller",
} as const;

export interface StripePlatformDetail {
  event: Stripe.Event;
}
export interface StripeSellerDetail {
  sellerId: string;
  event: Stripe.Event;
}
