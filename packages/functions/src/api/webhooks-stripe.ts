import { Resource } from "sst";
import { Bus } from "@payloft/core/bus/index";
import { EventTypes, type StripePlatformDetail } from "@payloft/core/bus/events";
import { verifyStripeEvent } from "@payloft/core/payment/webhook";
import { api } from "../http/api";

/** POST /api/webhooks/stripe: the platform account's events (plans), verified, then onto the bus. */
export const handler = api(async (req) => {
  const event = verifyStripeEvent(req.rawBody, req.headers["stripe-signature"], Resource.StripeWebhookSecret.value);
  const detail: StripePlatformDetail = { event };
  await Bus.publish(EventTypes.StripePlatform, detail);
  return { received: true };
});
