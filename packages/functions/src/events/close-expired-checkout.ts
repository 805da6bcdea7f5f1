import { CheckoutExpired } from "@payloft/core/bus/events";
import { Reconciler } from "@payloft/core/checkout/reconcile";
import { logger } from "@payloft/core/log/index";
import { subscriber } from "./subscriber";

/**
 * checkout.expired → the checkout is settled with its provider at once: closed unpaid, so the
 * discount use it held comes back now rather than at the reconciler's next run (or recorded,
 * should it have been paid after all). Idempotent; a provider that cannot be asked throws, and
 * the bus retries.
 */
export const handler = subscriber([CheckoutExpired], async (event) => {
  const result = await Reconciler.onExpired(event.properties);
  logger.info("expired checkout settled", { checkoutId: event.properties.checkout_id, result });
});
