import { ProviderError } from "../errors";
import { logger } from "../log/index";
import { stripeClient } from "../payment/stripe";
import { SELLER_EVENTS } from "./webhook-events";

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

/** Best effort: a key that was revoked or an endpoint already deleted must not block the seller. */
export async function unregisterSellerWebhook(secretKey: string, endpointId: string): Promise<void> {
  try {
    await stripeClient(secretKey).webhookEndpoints.del(endpointId);
  } catch (err) {
    logger.warn("seller webhook removal failed", { endpointId, error: (err as Error).message });
  }
}
