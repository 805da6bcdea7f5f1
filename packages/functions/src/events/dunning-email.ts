import { SubscriptionPaymentFailed } from "@payloft/core/bus/events";
import { sendDunningOnce } from "@payloft/core/recovery/dunning";
import { subscriber } from "./subscriber";

/**
 * subscription.payment_failed → the creator's "your payment failed" e-mail, once per invoice.
 * Separate from ApplyPlan (which moves the plan to past due): an e-mail outage must not hold
 * up the plan change, nor a plan-change retry send the e-mail twice.
 */
export const handler = subscriber([SubscriptionPaymentFailed], async (event) => {
  await sendDunningOnce(event.properties);
});
