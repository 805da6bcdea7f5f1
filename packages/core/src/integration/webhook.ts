import { ProviderError } from "../errors";
import { logger } from "../log/index";
import { stripeClient } from "../payment/stripe";

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

/** Creates the endpoint on the seller's own Stripe account; Stripe answers its signing secret once. */
export async function registerSellerWebhook(secretKey: string, url: string): Promise<{ id: string; secret: string }> {
  try {
    const endpoint = await stripeClient(secretKey).webhookEndpoints.create({
      url,
      enabled_events: [...SELLER_EVENTS],
      description: "Payloft: product purchases, refunds and disputes",
    });
    if (!endpoint.secret) throw new Error("Stripe answered no signing secret");
    return { id: endpoint.id, secret: endpoint.secret };
  } catch (err) {
    logger.warn("seller webhook registration failed", { error: (err as Error).message });
    throw new ProviderError(
      "We couldn't connect your Stripe account's notifications. Please try saving again.",
      "integration.webhook_failed",
    );
  }
}

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

/** Best effort: a key that was revoked or an endpoint already deleted must not block the seller. */
export async function unregisterSellerWebhook(secretKey: string, endpointId: string): Promise<void> {
  try {
    await stripeClient(secretKey).webhookEndpoints.del(endpointId);
  } catch (err) {
    logger.warn("seller webhook removal failed", { endpointId, error: (err as Error).message });
  }
}
