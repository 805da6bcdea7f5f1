/**
 * The bus subscriber table: infra/bus.ts subscribes one Lambda per row on the EventBridge
 * bus (with its own dead-letter queue), and the local bus delivers to the same rows.
 * `handler` is a module under packages/functions/src/events exporting `handler`, built with
 * `subscriber()` (sst's bus.subscriber plus schema validation). `detailTypes` are the domain
 * event types of packages/core/src/bus/types.ts (plain strings: infra reads this file).
 */
import type { LinkName } from "./links";

export interface SubscriberDef {
  name: string;
  handler: string;
  /** EventBridge detail-types this subscriber receives. */
  detailTypes: string[];
  /** Everything the handler reads through `Resource` (infra/bus.ts links exactly these; a test checks them). */
  links: LinkName[];
}

/** Lambda's async retries after the first failed attempt, in AWS and on the local bus alike. */
export const SUBSCRIBER_RETRIES = 2;
/** Events older than this are not retried any more; they go to the dead-letter queue. */
export const SUBSCRIBER_MAX_EVENT_AGE_SECONDS = 6 * 60 * 60;

/** The membership.* domain events (core/src/bus/types.ts), for the subscribers of all of them. */
const MEMBERSHIP_EVENTS = [
  "membership.started",
  "membership.renewed",
  "membership.payment_failed",
  "membership.canceled",
  "membership.resumed",
  "membership.changed",
  "membership.ended",
];

export const subscribers: SubscriberDef[] = [
  // sales: a paid checkout becomes a purchase (and its receipt)
  {
    name: "FulfilPurchase",
    handler: "fulfil-purchase",
    detailTypes: ["purchase.paid"],
    links: ["Table", "AdminEmails", "UnlimitedEmails", "Email", "EncryptionKey"],
  },
  // sales: refunds and disputes take a sale back, Stripe's and PayPal's alike (a dispute also tells the seller)
  {
    name: "ReverseSale",
    handler: "reverse-sale",
    detailTypes: ["refund.created", "dispute.created"],
    // A refund or dispute that arrives before its payment records the sale first (receipt, seller's keys).
    links: ["Table", "AdminEmails", "UnlimitedEmails", "Email", "EncryptionKey"],
  },
  // memberships: a seller's subscription events record memberships, their sales and their state
  {
    name: "ApplyMembership",
    handler: "apply-membership",
    detailTypes: [...MEMBERSHIP_EVENTS],
    // The seller's Stripe key (sealed) confirms the checkout; each sale's receipt is e-mailed.
    links: ["Table", "AdminEmails", "UnlimitedEmails", "Email", "EncryptionKey"],
  },
  // memberships: the member is told of a failed payment, a cancellation and the end (once each)
  {
    name: "MembershipEmail",
    handler: "membership-email",
    detailTypes: ["membership.payment_failed", "membership.canceled", "membership.ended"],
    links: ["Table", "AdminEmails", "UnlimitedEmails", "Email"],
  },
  // plans: the platform's provider events change creators' plans
  {
    name: "ApplyPlan",
    handler: "apply-plan",
    detailTypes: [
      "plan.checkout_completed",
      "subscription.changed",
      "subscription.payment_failed",
      "lifetime.refunded",
    ],
    links: ["Table", "AdminEmails", "UnlimitedEmails", "StripeSecretKey"],
  },
  // Business: the same events, announced to creators' outgoing webhook endpoints
  {
    name: "FanOutWebhooks",
    handler: "fan-out-webhooks",
    detailTypes: ["purchase.paid", "refund.created", "dispute.created", "subscription.changed", ...MEMBERSHIP_EVENTS],
    // EncryptionKey: loaded with the delivery code (which decrypts signing secrets), not used here.
    links: ["Table", "AdminEmails", "UnlimitedEmails", "EncryptionKey", "WebhookQueue"],
  },
  // payment recovery (Pro+): an unpaid, expired product checkout brings the buyer one e-mail back
  {
    name: "RecoverCheckout",
    handler: "recover-checkout",
    detailTypes: ["checkout.expired"],
    links: ["Table", "AdminEmails", "UnlimitedEmails", "Email"],
  },
  // sales: an expired, unpaid product checkout is closed at once (its discount use given back)
  {
    name: "CloseExpiredCheckout",
    handler: "close-expired-checkout",
    detailTypes: ["checkout.expired"],
    // The provider is asked with the seller's keys; paid after all, it is fulfilled (receipt).
    links: ["Table", "AdminEmails", "UnlimitedEmails", "Email", "EncryptionKey"],
  },
  // plans: a failed renewal tells the creator (once per invoice); ApplyPlan changes the plan
  {
    name: "DunningEmail",
    handler: "dunning-email",
    detailTypes: ["subscription.payment_failed"],
    links: ["Table", "AdminEmails", "UnlimitedEmails", "Email"],
  },
];

export const subscriberModule = (s: SubscriberDef) => `packages/functions/src/events/${s.handler}`;
