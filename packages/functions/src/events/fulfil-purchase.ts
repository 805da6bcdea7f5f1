import { PurchasePaid } from "@payloft/core/bus/events";
import { Purchase } from "@payloft/core/purchase/index";
import { subscriber } from "./subscriber";

/**
 * purchase.paid → the purchase, recorded once, then the after-fulfilment steps (receipt).
 * Idempotent: the bus (and the provider) may deliver the same event many times, late or out
 * of order; a throw makes the bus retry.
 */
export const handler = subscriber([PurchasePaid], async (event) => {
  await Purchase.onPaid(event.properties);
});
