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
import { findCheckout } from "../checkout/record";
import { Integration } from "../integration/index";
import { logger } from "../log/index";
import { PayPalRequestError, valueToCents, type WebhookEvent } from "../paypal/client";
import { heldPlan, paypalStateOf, readPayPal, unixOf, hasTrial } from "../membership/paypal";
import { startSaleId } from "../membership/paypal-sales";
import type { Subscription } from "../paypal/billing";
import { PAYPAL_SUBSCRIPTION_EVENTS } from "../paypal/event-names";

/**
 * A seller's verified PayPal event about a membership (a subscription Payloft opened on their
 * app), translated into the same membership.* events as Stripe's, carrying the whole state.
 * The body is only a hint of which subscription (or sale) to look at: both are read back from
 * PayPal, and the subscription's custom_id must name Payloft's checkout record of this seller.
 * Returns null for an event that is not about memberships (the caller translates it as before).
 *  ACTIVATED → started; UPDATED with another plan than the one held (a revision the buyer
 *  approved) → changed, otherwise (its total_cycles) → canceled or resumed; RE-ACTIVATED → resumed;
 *  PAYMENT.FAILED and SUSPENDED → payment_failed (suspended: final, and Payloft cancels it at
 *  PayPal, whose CANCELLED then ends it); CANCELLED, EXPIRED → ended; PAYMENT.SALE.COMPLETED →
 *  renewed with the sale (except the first regular cycle of a plan without a trial: the start's).
 */
const SUBSCRIPTION_EVENTS: ReadonlySet<string> = new Set(PAYPAL_SUBSCRIPTION_EVENTS);
const CHARGED = new Set(["completed", "partially_refunded", "refunded", "reversed"]);
export const FAILED_PAYMENTS_NOTE = "Payloft ended this membership after its payments failed.";
const str = (v: unknown) => (typeof v === "string" ? v : undefined);

export async function translatePayPalMembershipEvent(
  sellerId: string,
  event: WebhookEvent,
): Promise<Publishable[] | null> {
  const sale = event.event_type === "PAYMENT.SALE.COMPLETED";
  if (!sale && !SUBSCRIPTION_EVENTS.has(event.event_type)) return null;
  const hint = sale ? str(event.resource.billing_agreement_id) : str(event.resource.id);
  // A sale of an order (no billing agreement) is not a membership's.
  if (!hint) return sale ? null : [];
  const paypal = await Integration.paypalFor(sellerId);
  if (!paypal) return [];
  const read = await readPayPal(paypal.credentials, hint).catch((err: unknown) => {
    if (err instanceof PayPalRequestError && err.status === 404) return null;
    throw err;
  });
  if (!read) return [];
  const { sub, plan, billing } = read;
  const record = await ourRecord(sub, sellerId);
  if (!record) return [];
  const state = paypalStateOf(sub, plan, record);
  if (!state) return [];
  const props = {
    provider: "paypal" as const,
    provider_event_id: event.id,
    // The state was read now: it is as new as the subscription's last change, not the event.
    occurred_at: unixOf(sub.update_time ?? event.create_time),
    seller_id: sellerId,
    membership_id: sub.id,
    product_id: record.product_id!,
    checkout_id: record.session_id,
    state,
  };
  const failures = sub.billing_info?.failed_payments_count ?? 0;
  switch (event.event_type) {
    case "PAYMENT.SALE.COMPLETED": {
      const paid = await billing.getSale(str(event.resource.id) ?? "").catch(() => null);
      // A sale refunded or reversed since is still a charge that happened (its refund event, which
      // may have come first, waits for it: ./paypal-membership-refunds.ts).
      if (!paid || !CHARGED.has(paid.state) || paid.billing_agreement_id !== sub.id) return [];
      if (!hasTrial(plan)) {
        // The first regular cycle was charged at activation: the start's own sale.
        const first = await startSaleId(billing, sub, plan, paid.create_time ?? new Date().toISOString());
        if (!first || first === paid.id) return [emit(MembershipStarted, props)];
      }
      const currency = paid.amount.currency.toLowerCase();
      const charge = {
        ref: paid.id,
        amount: valueToCents(paid.amount.total, currency),
        currency,
        payment_ref: paid.id,
        renewal: true,
      };
      return [emit(MembershipRenewed, { ...props, charge })];
    }
    case "BILLING.SUBSCRIPTION.ACTIVATED":
      return [emit(MembershipStarted, props)];
    case "BILLING.SUBSCRIPTION.UPDATED": {
      const held = await heldPlan(sub.id);
      if (held && (held.tier !== state.tier || held.interval !== state.interval)) {
        // Held news newer than this read (an older plan re-read late) must not take the plan back.
        return held.provider_time > props.occurred_at ? [] : [emit(MembershipChanged, props)];
      }
      return [emit(state.status === "canceled" ? MembershipCanceled : MembershipResumed, props)];
    }
    case "BILLING.SUBSCRIPTION.RE-ACTIVATED":
      return [emit(MembershipResumed, props)];
    case "BILLING.SUBSCRIPTION.PAYMENT.FAILED":
      return [emit(MembershipPaymentFailed, { ...props, attempt: Math.max(1, failures), final: false })];
    case "BILLING.SUBSCRIPTION.SUSPENDED": {
      if (sub.status !== "SUSPENDED" || !failures) return [];
      // PayPal stops after the plan's failure threshold; Payloft then ends it, as Stripe does after its retries.
      await billing.cancelSubscription(sub.id, FAILED_PAYMENTS_NOTE).catch((err: unknown) => {
        if (!(err instanceof PayPalRequestError && err.status === 422)) throw err;
      });
      return [emit(MembershipPaymentFailed, { ...props, attempt: failures, final: true })];
    }
    default:
      // CANCELLED, EXPIRED
      return [emit(MembershipEnded, props)];
  }
}

/** Payloft's checkout record of a seller's subscription: its custom_id names it, and it names the subscription back. */
export async function ourRecord(sub: Subscription, sellerId: string) {
  const record = sub.custom_id ? await findCheckout(sub.custom_id) : null;
  if (!record || record.kind !== "membership" || record.creator_id !== sellerId || record.provider_ref !== sub.id) {
    logger.warn("a PayPal subscription Payloft did not start was ignored", { sellerId, subscription: sub.id });
    return null;
  }
  return record;
}
