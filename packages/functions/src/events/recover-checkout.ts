import { CheckoutExpired } from "@payloft/core/bus/events";
import { logger } from "@payloft/core/log/index";
import { Recovery } from "@payloft/core/recovery/index";
import { subscriber } from "./subscriber";

/**
 * checkout.expired → at most one recovery e-mail per buyer and product a week (Pro and up).
 * Redelivered events find the claim and send nothing; a throw makes the bus retry.
 */
export const handler = subscriber([CheckoutExpired], async (event) => {
  const outcome = await Recovery.onCheckoutExpired(event.properties);
  logger.info("checkout expired", { checkoutId: event.properties.checkout_id, outcome });
});
