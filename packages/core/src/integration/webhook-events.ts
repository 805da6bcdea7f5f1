import { logger } from "../log/index";
import { stripeClient } from "../payment/stripe";

/*
 * Apart from webhook.ts (registration, on saving Payment Setup) because checkout needs only this:
 * a seller's first membership checkout brings an older endpoint's events up to date
 * (integration/credentials.ts), and the checkout Lambda carries no more of the integration
 * than that (packages/functions/test/checkout-bundle.test.ts).
 */

/** The events a seller's account must send us: purchases, refunds, disputes, unpaid checkouts (recovery) and memberships. */
export const SELLER_EVENTS = [
  "checkout.session.completed",
  "checkout.session.expired",
  "checkout.session.async_payment_succeeded",
  "charge.refunded",
  "charge.dispute.created",
  // memberships (core/src/payment/stripe-membership-events.ts)
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
] as const;

/**
 * Best effort, on re-saving the same key: an endpoint registered before an event joined
 * SELLER_EVENTS (checkout.session.expired, memberships) is brought up to date. False when it failed.
 */
export async function updateSellerWebhookEvents(secretKey: string, endpointId: string): Promise<boolean> {
  try {
    await stripeClient(secretKey).webhookEndpoints.update(endpointId, { enabled_events: [...SELLER_EVENTS] });
    return true;
  } catch (err) {
    logger.warn("seller webhook events update failed", { endpointId, error: (err as Error).message });
    return false;
  }
}
