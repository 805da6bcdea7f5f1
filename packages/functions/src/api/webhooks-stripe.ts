import { Resource } from "sst";
import { Bus } from "@payloft/core/bus/index";
import { translatePlatformEvent } from "@payloft/core/payment/stripe-platform-events";
import { verifyStripeEvent } from "@payloft/core/payment/webhook";
import { api } from "../http/api";

/**
 * POST /api/webhooks/stripe: the platform account's events (plans, lifetime deal), verified,
 * translated into domain events and published; a failed publish answers 503 (Stripe retries).
 */
export const handler = api(async (req) => {
  const event = verifyStripeEvent(req.rawBody, req.headers["stripe-signature"], Resource.StripeWebhookSecret.value);
  await Bus.publishAll(translatePlatformEvent(event));
  return { received: true };
});
