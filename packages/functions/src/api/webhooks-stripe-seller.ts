import { Bus } from "@payloft/core/bus/index";
import { EventTypes, type StripeSellerDetail } from "@payloft/core/bus/events";
import { Integration } from "@payloft/core/integration/index";
import { verifyStripeEvent } from "@payloft/core/payment/webhook";
import { api } from "../http/api";

/**
 * POST /api/webhooks/stripe/{sellerId}: events from a seller's own Stripe account (product
 * purchases, refunds), verified with that seller's endpoint secret, then onto the bus.
 */
export const handler = api(async (req) => {
  const sellerId = req.params.sellerId ?? "";
  const secret = sellerId ? await Integration.webhookSecretFor(sellerId) : null;
  const event = verifyStripeEvent(req.rawBody, req.headers["stripe-signature"], secret);
  const detail: StripeSellerDetail = { sellerId, event };
  await Bus.publish(EventTypes.StripeSeller, detail);
  return { received: true };
});
