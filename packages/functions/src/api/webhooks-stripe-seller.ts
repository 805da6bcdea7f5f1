import { Bus } from "@payloft/core/bus/index";
import { Integration } from "@payloft/core/integration/index";
import { translateSellerEvent } from "@payloft/core/payment/stripe-seller-events";
import { verifyStripeEvent } from "@payloft/core/payment/webhook";
import { api } from "../http/api";

/**
 * POST /api/webhooks/stripe/{sellerId}: events from a seller's own Stripe account (product
 * purchases, refunds, disputes), verified with that seller's endpoint secret, translated into
 * domain events and published. A publish that fails answers 503, so Stripe delivers again.
 */
export const handler = api(async (req) => {
  const sellerId = req.params.sellerId ?? "";
  const secret = sellerId ? await Integration.webhookSecretFor(sellerId) : null;
  const event = verifyStripeEvent(req.rawBody, req.headers["stripe-signature"], secret);
  await Bus.publishAll(await translateSellerEvent(sellerId, event));
  return { received: true };
});
