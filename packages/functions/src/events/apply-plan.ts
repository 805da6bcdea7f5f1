import type { BusEvent } from "@payloft/core/bus/index";
import type { StripePlatformDetail } from "@payloft/core/bus/events";
import { Billing } from "@payloft/core/plan/index";

/**
 * Plan changes from the platform's verified Stripe events. Throwing lets the bus retry
 * (and finally dead-letter); applying is idempotent and ordered, so retries are safe.
 */
export async function handler(event: BusEvent<StripePlatformDetail>) {
  await Billing.applyStripeEvent(event.detail.event);
}
