import { markSettled } from "../checkout/open";
import type { CheckoutItem, PurchaseItem } from "../db/entities";
import { stripeSecretForCheckout } from "../integration/credentials";
import { logger } from "../log/index";
import { stripeClient } from "../payment/stripe";
import { billingOf } from "../product/tiers";
import { transact } from "../product/store";
import { runAfterFulfilment } from "../purchase/after";
import { accountOfEmail, deliveredFrom, recordPurchases, storedPurchase } from "../purchase/ledger";
import { getProduct } from "../product/view";
import { iso } from "./state";
import { membershipOf, subscriptionIdOf, type State } from "./stripe";
import { startFromPayPal } from "./paypal";

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
  const existing = await storedPurchase(record.session_id);
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

/**
 * The membership and its first sale, written once (any provider): the membership and the
 * product's member count in one transaction, then the sale keyed by the checkout id.
 */
export async function recordStart(
  record: CheckoutItem,
  start: {
    id: string;
    provider: "stripe" | "paypal";
    email: string;
    state: State;
    providerTime: number;
    firstAmount: number;
    paymentRef?: string;
    afterSteps?: boolean;
  },
): Promise<PurchaseItem> {
  const { email, state: s } = start;
  const snapshot = record.product_snapshot!;
  if (!email) throw new Error(`membership checkout ${record.session_id} was completed without a buyer e-mail`);
  const userId = await accountOfEmail(email);
  const product = await getProduct(record.product_id!);
  const tierName = product ? billingOf(product).tiers.find((t) => t.id === s.tier)?.name : undefined;
  const codes = await transact(({ membership, product: products }) => [
    membership
      .create({
        id: start.id,
        provider: start.provider,
        creator_id: record.creator_id!,
        product_id: record.product_id!,
        product_name: snapshot.name,
        checkout_id: record.session_id,
        purchase_id: record.session_id,
        customer_email: email,
        ...(userId ? { customer_user_id: userId } : {}),
        tier: s.tier,
        ...(tierName ? { tier_name: tierName } : {}),
        interval: s.interval,
        amount: s.amount,
        currency: s.currency,
        status: s.status,
        current_period_end: iso(s.current_period_end),
        cancel_at_period_end: s.cancel_at_period_end,
        provider_time: start.providerTime,
      })
      .commit(),
    ...(product ? [products.patch({ id: product.id }).add({ member_count: 1 }).commit()] : []),
  ]);
  if (codes && codes[0] !== "ConditionalCheckFailed")
    throw new Error(`could not record membership ${start.id}: ${codes.join(", ")}`);
  await recordPurchases([
    {
      id: record.session_id,
      product_id: record.product_id!,
      ...deliveredFrom(snapshot),
      creator_id: record.creator_id!,
      customer_email: email,
      customer_user_id: userId,
      amount: start.firstAmount,
      currency: s.currency,
      provider: start.provider,
      ...(start.paymentRef ? { payment_intent: start.paymentRef } : {}),
      membership_id: start.id,
      ...(record.visit ? { visit: record.visit } : {}),
    },
  ]);
  await markSettled(record);
  const stored = (await storedPurchase(record.session_id))!;
  if (start.afterSteps !== false) await runAfterFulfilment(stored);
  return stored;
}
