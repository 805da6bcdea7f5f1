import type Stripe from "stripe";
import {
  MembershipCanceled,
  MembershipChanged,
  MembershipEnded,
  MembershipPaymentFailed,
  MembershipRenewed,
  MembershipResumed,
  MembershipStarted,
  emit,
  type Publishable,
} from "../bus/events";
import { Integration } from "../integration/index";
import { logger } from "../log/index";
import { membershipOf, subscriptionIdOf } from "../membership/stripe";
import { stripeClient } from "./stripe";

/**
 * A seller's verified Stripe event about a membership (a subscription Payloft opened on their
 * account), translated into membership.* events that carry the whole state. A subscription's own
 * events carry its state at their time; for the others (the checkout, invoices) the subscription
 * is read from Stripe, so even a signed body is only a hint of which subscription to look at.
 * Returns null for an event that is not about memberships (the caller translates it as before).
 */
type Source = { provider: "stripe"; provider_event_id: string; occurred_at: number };

export async function translateMembershipEvent(sellerId: string, event: Stripe.Event): Promise<Publishable[] | null> {
  const source: Source = { provider: "stripe", provider_event_id: event.id, occurred_at: event.created };
  // The event's properties for a subscription of ours, or null for one that is not.
  const of = (sub: Stripe.Subscription | null, extra: { checkout_id?: string } = {}) => {
    const ours = sub && membershipOf(sub, sellerId);
    return (
      ours && {
        ...source,
        seller_id: sellerId,
        membership_id: sub.id,
        product_id: ours.product_id,
        state: ours.state,
        ...extra,
      }
    );
  };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const s = event.data.object;
      if (s.mode !== "subscription") return null;
      const subId = subscriptionIdOf(s.subscription);
      const sub = subId ? await read(sellerId, subId) : null;
      const p = of(sub, { checkout_id: s.id });
      return p ? [emit(MembershipStarted, p)] : [];
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const sub = event.data.object;
      const props = of(sub);
      if (!props) return [];
      if (event.type === "customer.subscription.deleted") return [emit(MembershipEnded, props)];
      const before = (event.data.previous_attributes ?? {}) as Partial<Stripe.Subscription>;
      if ("cancel_at_period_end" in before)
        return [emit(sub.cancel_at_period_end ? MembershipCanceled : MembershipResumed, props)];
      if ("items" in before) return [emit(MembershipChanged, props)];
      // Other changes (a trial's end, past_due and back) come with their invoice's event too.
      return [];
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const subId = subscriptionIdOf(invoice.parent?.subscription_details?.subscription);
      if (!subId) return null;
      // The first invoice is the checkout's: membership.started records that sale.
      if (event.type === "invoice.paid" && (invoice.billing_reason === "subscription_create" || !invoice.amount_paid))
        return [];
      const props = of(await read(sellerId, subId));
      if (!props) return [];
      if (event.type === "invoice.payment_failed")
        return [
          emit(MembershipPaymentFailed, {
            ...props,
            attempt: Math.max(1, invoice.attempt_count ?? 1),
            final: invoice.next_payment_attempt === null,
            ...(invoice.next_payment_attempt ? { retry_at: invoice.next_payment_attempt } : {}),
          }),
        ];
      // A plan change's prorated invoice is billed "subscription_update"; a new period's, "subscription_cycle".
      const kind = invoice.billing_reason === "subscription_update" ? ("plan_change" as const) : ("renewal" as const);
      const charge = { ref: invoice.id!, amount: invoice.amount_paid, currency: invoice.currency, renewal: true, kind };
      return [emit(MembershipRenewed, { ...props, charge })];
    }
    default:
      return null;
  }
}

/** The subscription as Stripe has it now, through the seller's key (null: no key any more). */
async function read(sellerId: string, subscriptionId: string): Promise<Stripe.Subscription | null> {
  const secret = await Integration.stripeSecretFor(sellerId);
  if (!secret) {
    logger.error("a membership event, but the seller has no Stripe key", { sellerId, subscriptionId });
    return null;
  }
  return stripeClient(secret).subscriptions.retrieve(subscriptionId);
}
