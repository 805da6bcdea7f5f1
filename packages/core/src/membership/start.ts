import type { CheckoutItem, PurchaseItem } from "../db/entities";
import { stripeSecretForCheckout } from "../integration/credentials";
import { logger } from "../log/index";
import { stripeClient } from "../payment/stripe";
import { runAfterFulfilment } from "../purchase/after";
import { purchaseById } from "../purchase/records";
import { membershipOf, subscriptionIdOf } from "./stripe";
import { startFromPayPal } from "./paypal-start";
import { recordStart } from "./record-start";

/**
 * A membership checkout was completed: the membership and its first sale (the checkout's own
 * charge, nothing during a trial) are recorded once, for the webhook's membership.started and
 * the success page alike. As for one-time sales, only Payloft's checkout record says what was
 * sold (rule: Our checkouts only) and Stripe itself is asked what happened: the session and
 * its subscription, through the key the checkout was made with, must match the record's
 * product, tier, interval, amount and currency. Returns the first sale, or null when there is
 * nothing to record; throws to be tried again.
 */
export async function startFromCheckout(
  record: CheckoutItem,
  opts: { afterSteps?: boolean } = {},
): Promise<PurchaseItem | null> {
  const existing = await purchaseById(record.session_id, { consistent: true });
  if (existing) {
    if (existing.status === "completed" && opts.afterSteps !== false) await runAfterFulfilment(existing);
    return existing;
  }
  const snapshot = record.product_snapshot;
  if (record.kind !== "membership" || !record.creator_id || !record.product_id || !snapshot) return null;
  // A PayPal seller's membership: a subscription the buyer approved on PayPal (./paypal.ts).
  if (record.provider === "paypal") return startFromPayPal(record, opts);
  const secret = await stripeSecretForCheckout(record);
  if (!secret) return null;
  const stripe = stripeClient(secret);
  const session = await stripe.checkout.sessions.retrieve(record.session_id);
  const subId = subscriptionIdOf(session.subscription);
  if (session.status !== "complete" || session.mode !== "subscription" || !subId) return null;
  const sub = await stripe.subscriptions.retrieve(subId);
  const ours = membershipOf(sub, record.creator_id);
  const s = ours?.state;
  if (
    !ours ||
    !s ||
    ours.product_id !== record.product_id ||
    s.tier !== record.tier ||
    s.interval !== record.interval ||
    s.amount !== record.amount ||
    s.currency !== record.currency
  ) {
    logger.error("a membership checkout does not match what Payloft asked for; not recorded", {
      checkoutId: record.session_id,
      subscription: subId,
    });
    return null;
  }
  const email = (session.customer_details?.email ?? record.buyer_email ?? "").trim().toLowerCase();
  return recordStart(record, {
    id: sub.id,
    provider: "stripe",
    email,
    state: s,
    providerTime: sub.created,
    // What the checkout charged today: nothing when the membership starts with a trial.
    firstAmount: session.amount_total ?? 0,
    afterSteps: opts.afterSteps,
  });
}
