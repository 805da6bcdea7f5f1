import type Stripe from "stripe";
import {
  LifetimeRefunded,
  PlanCheckoutCompleted,
  SubscriptionChanged,
  SubscriptionPaymentFailed,
  SubscriptionStatus,
  emit,
  type Publishable,
} from "../bus/events";
import { logger } from "../log/index";
import { cycleOfInterval, isBillingCycle, planFromPrice } from "../plan/prices";

/**
 * The platform account's verified Stripe events (plans, the lifetime deal), translated into
 * domain events from the payload alone (the receiver holds only the webhook secret, not the
 * platform's API key). Only Payloft writes to the platform account, so its metadata (user_id
 * on a subscription) can be trusted; checkouts are still matched to Payloft's own records
 * when they are applied (rule: Our checkouts only).
 */
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : v?.id);
const PAID_PLANS = ["starter", "pro", "business"] as const;
type PaidPlan = (typeof PAID_PLANS)[number];
const isPaidPlan = (v: unknown): v is PaidPlan => PAID_PLANS.includes(v as PaidPlan);

export function translatePlatformEvent(event: Stripe.Event): Publishable[] {
  const source = { provider: "stripe" as const, provider_event_id: event.id, occurred_at: event.created };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const s = event.data.object;
      if (s.status !== "complete" || s.payment_status === "unpaid") return [];
      const subscription = idOf(s.subscription);
      const customer = idOf(s.customer);
      return [
        emit(PlanCheckoutCompleted, {
          ...source,
          checkout_id: s.id,
          ...(subscription ? { subscription_ref: subscription } : {}),
          ...(customer ? { customer_ref: customer } : {}),
        }),
      ];
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const sub = event.data.object;
      const userId = sub.metadata?.user_id;
      const status = SubscriptionStatus.safeParse(sub.status);
      if (!userId || !status.success) {
        logger.warn("platform subscription event not for a known person or status", { type: event.type });
        return [];
      }
      const { plan, cycle } = subscriptionPlan(sub);
      const customer = idOf(sub.customer);
      return [
        emit(SubscriptionChanged, {
          ...source,
          user_id: userId,
          subscription_ref: sub.id,
          ...(customer ? { customer_ref: customer } : {}),
          status: status.data,
          ...(plan ? { plan } : {}),
          billing_cycle: cycle,
          created: event.type === "customer.subscription.created",
          deleted: event.type === "customer.subscription.deleted",
        }),
      ];
    }
    case "invoice.payment_failed": {
      const failed = paymentFailed(event.data.object);
      return failed ? [emit(SubscriptionPaymentFailed, { ...source, ...failed })] : [];
    }
    case "charge.refunded":
    case "charge.dispute.created": {
      const object = event.data.object;
      const pi = idOf(object.payment_intent);
      // Only a full refund (or any dispute) undoes the lifetime deal; a partial refund is goodwill.
      if (!pi || (event.type === "charge.refunded" && !(object as Stripe.Charge).refunded)) return [];
      // Which checkout it paid for is looked up when applied (ApplyPlan may ask the platform account).
      return [
        emit(LifetimeRefunded, {
          ...source,
          payment_ref: pi,
          reason: event.type === "charge.refunded" ? "refund" : "dispute",
        }),
      ];
    }
    default:
      return [];
  }
}

/** The plan a subscription bills for: its metadata, else its price. */
function subscriptionPlan(sub: Stripe.Subscription): { plan?: PaidPlan; cycle: "monthly" | "yearly" } {
  const price = sub.items?.data?.[0]?.price;
  const cycle = isBillingCycle(sub.metadata?.billing_cycle)
    ? sub.metadata.billing_cycle
    : cycleOfInterval(price?.recurring?.interval);
  const plan = isPaidPlan(sub.metadata?.plan)
    ? sub.metadata.plan
    : planFromPrice(price?.unit_amount, price?.recurring?.interval);
  return { plan: isPaidPlan(plan) ? plan : undefined, cycle };
}

/** Whose subscription's renewal failed, and whether Stripe will try again (next_payment_attempt null: no). */
function paymentFailed(invoice: Stripe.Invoice) {
  const details = invoice.parent?.subscription_details;
  // Invoices of API versions before 2025 carry the subscription at the top level.
  const legacy = invoice as unknown as {
    subscription?: string | { id: string };
    subscription_details?: { metadata?: Record<string, string> };
  };
  const subscriptionId =
    idOf(details?.subscription as string | { id: string } | undefined) ?? idOf(legacy.subscription);
  const userId = details?.metadata?.user_id ?? legacy.subscription_details?.metadata?.user_id;
  if (!subscriptionId || !userId) {
    logger.warn("a failed platform invoice without its subscription's person was ignored", { invoice: invoice.id });
    return null;
  }
  return {
    user_id: userId,
    subscription_ref: subscriptionId,
    ...(invoice.attempt_count ? { attempt: invoice.attempt_count } : {}),
    final: invoice.next_payment_attempt === null,
    ...(invoice.id ? { invoice_ref: invoice.id } : {}),
  };
}
