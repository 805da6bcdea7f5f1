/**
 * The PayPal webhook events of a membership's subscription (Subscriptions v1), one list for the
 * webhook Payloft registers on a seller's app (integration/paypal.ts) and for the translator
 * that reads them (payment/paypal-membership-events.ts). It imports nothing, so neither the
 * Payment Setup Lambdas nor the PayPal webhook's grow by sharing it.
 */
export const PAYPAL_SUBSCRIPTION_EVENTS = [
  "BILLING.SUBSCRIPTION.ACTIVATED",
  "BILLING.SUBSCRIPTION.UPDATED",
  "BILLING.SUBSCRIPTION.RE-ACTIVATED",
  "BILLING.SUBSCRIPTION.CANCELLED",
  "BILLING.SUBSCRIPTION.SUSPENDED",
  "BILLING.SUBSCRIPTION.EXPIRED",
  "BILLING.SUBSCRIPTION.PAYMENT.FAILED",
] as const;
