import { PlanCheckoutCompleted, SubscriptionChanged, SubscriptionPaymentFailed } from "@payloft/core/bus/events";
import { applyCheckoutCompleted, applyPaymentFailed, applySubscriptionChanged } from "@payloft/core/plan/events";
import { subscriber } from "./subscriber";

/**
 * Plan changes from the platform's provider events. Throwing lets the bus retry (and finally
 * dead-letter); applying is idempotent and ordered by the provider's event time.
 */
export const handler = subscriber(
  [PlanCheckoutCompleted, SubscriptionChanged, SubscriptionPaymentFailed],
  async (event) => {
    switch (event.type) {
      case "plan.checkout_completed":
        await applyCheckoutCompleted(event.properties);
        return;
      case "subscription.changed":
        await applySubscriptionChanged(event.properties);
        return;
      case "subscription.payment_failed":
        await applyPaymentFailed(event.properties);
        return;
    }
  },
);
