import {
  DisputeCreated,
  MembershipEvents,
  PurchasePaid,
  RefundCreated,
  SubscriptionChanged,
} from "@payloft/core/bus/events";
import { WebhookFanOut } from "@payloft/core/outgoing-webhook/fan-out";
import { subscriber } from "./subscriber";

/**
 * Sales, refunds, subscription and membership changes → creators' outgoing webhook endpoints (queued per
 * endpoint; the webhook queue's consumer sends, signs and retries). Idempotent.
 */
export const handler = subscriber(
  [PurchasePaid, RefundCreated, DisputeCreated, SubscriptionChanged, ...MembershipEvents],
  async (event) => {
    switch (event.type) {
      case "purchase.paid":
        await WebhookFanOut.purchasePaid(event.properties);
        return;
      case "refund.created":
        await WebhookFanOut.saleTakenBack(event.properties, "refund");
        return;
      case "dispute.created":
        await WebhookFanOut.saleTakenBack(event.properties, "dispute");
        return;
      case "subscription.changed":
        await WebhookFanOut.subscriptionChanged(event.properties);
        return;
      default:
        await WebhookFanOut.membershipChanged(event.type, event.properties);
    }
  },
);
