/**
 * How long a product checkout can be paid, and when Payloft looks at one that was neither
 * paid nor closed. Pure constants: checkout creation, the reconciler and the credentials kept
 * for open checkouts all follow from them.
 *
 * Stripe's shortest `expires_at` is 30 minutes after the session is created; the half minute
 * keeps a request that reaches Stripe a moment after we computed it above that floor. PayPal has
 * no such setting (an order can be approved for hours), so Payloft applies the same deadline
 * itself: after it an approved PayPal order is not captured (checkout/confirm-paypal.ts).
 */
export const PAYABLE_SECONDS = 30 * 60 + 30;

/**
 * After the deadline, a payment made at its last second may still be on its way (the provider's
 * event, the buyer's redirect): the reconciler asks the provider only after this too.
 */
export const SETTLE_SECONDS = 2 * 60;

/** How often the reconciler runs (infra's schedule and the local runtime's timer). */
export const RECONCILE_EVERY_MINUTES = 5;

/** Credentials replaced or removed now can no longer be needed by any checkout after this. */
export const credentialsNeededUntil = (now = Date.now()) =>
  new Date(now + (PAYABLE_SECONDS + SETTLE_SECONDS + RECONCILE_EVERY_MINUTES * 60) * 1000).toISOString();
