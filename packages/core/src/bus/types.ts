/**
 * The detail-types of the domain events (see events.ts for their schemas). Plain strings with
 * no imports, so the subscriber table and infra can name them without loading zod or sst.
 */
export const EventType = {
  PurchasePaid: "purchase.paid",
  RefundCreated: "refund.created",
  DisputeCreated: "dispute.created",
  PlanCheckoutCompleted: "plan.checkout_completed",
  SubscriptionChanged: "subscription.changed",
  SubscriptionPaymentFailed: "subscription.payment_failed",
  LifetimeRefunded: "lifetime.refunded",
  CheckoutExpired: "checkout.expired",
  MembershipStarted: "membership.started",
  MembershipRenewed: "membership.renewed",
  MembershipPaymentFailed: "membership.payment_failed",
  MembershipCanceled: "membership.canceled",
  MembershipResumed: "membership.resumed",
  MembershipChanged: "membership.changed",
  MembershipEnded: "membership.ended",
} as const;

export type EventTypeName = (typeof EventType)[keyof typeof EventType];
