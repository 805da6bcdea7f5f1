import { Bus } from "@payloft/core/bus/index";
import { translatePayPalEvent } from "@payloft/core/payment/paypal-events";
import { verifyPayPalEvent } from "@payloft/core/payment/paypal-webhook";
import { api } from "../http/api";

/**
 * POST /api/webhooks/paypal/{sellerId}: events from a seller's PayPal app, verified with PayPal's
 * verify-webhook-signature against the webhook Payloft registered there, before anything else;
 * then translated into the same domain events as Stripe's and published. A publish that fails
 * answers 503, so PayPal delivers again.
 */
export const handler = api(async (req) => {
  const sellerId = req.params.sellerId ?? "";
  const { event, client } = await verifyPayPalEvent(sellerId, req.rawBody, req.headers);
  await Bus.publishAll(await translatePayPalEvent(sellerId, event, client));
  return { received: true };
});
