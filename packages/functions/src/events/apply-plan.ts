import {
  LifetimeRefunded,
  PlanCheckoutCompleted,
  SubscriptionChanged,
  SubscriptionPaymentFailed,
} from "@payloft/core/bus/events";
import { applyLifetimeRefunded } from "@payloft/core/plan/lifetime-refund";
import {
  applyCheckoutCompleted,
  applyPaymentFailed,
  applySubscriptionChanged,
  forLivingPerson,
} from "@payloft/core/plan/events";
import { subscriber } from "./subscriber";

/**
 * Plan changes from the platform's provider events. Throwing lets the bus retry (and finally
 * dead-letter); applying is idempotent and ordered by the provider's event time.
 */
export const handler = subscriber(
  [PlanCheckoutCompleted, SubscriptionChanged, SubscriptionPaymentFailed, LifetimeRefunded],
  (event) =>
    forLivingPerson(event.type, async () => {
      switch (event.type) {
        case "plan.checkout_completed":
          return applyCheckoutCompleted(event.properties);
        case "subscription.changed":
          return applySubscriptionChanged(event.properties);
        case "subscription.payment_failed":
          return applyPaymentFailed(event.properties);
        case "lifetime.refunded":
          return applyLifetimeRefunded(event.properties);
      }
    }),
);
