import type Stripe from "stripe";
import { logger } from "../log/index";
import { applyPlanUpdate, type PlanUpdate, type UserItem } from "./apply";
import { isSelectablePlan, type SelectablePlanId } from "./plans";
import { cycleOfInterval, isBillingCycle, planFromPrice } from "./prices";
import { platformStripe } from "./stripe";

/**
 * Plan changes driven by the platform account's Stripe webhooks (never by the browser).
 * Each handler decides from the stored person, so a replayed event changes nothing and an
 * event older than the last applied one is ignored (applyPlanUpdate's eventAt).
 */
const LIVE = new Set(["trialing", "active"]);
const ENDED = new Set(["canceled", "unpaid", "incomplete_expired"]);

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : v?.id);

/** The plan a subscription is for: its metadata, else its price. */
function subscriptionPlan(sub: Stripe.Subscription): { plan?: SelectablePlanId; cycle: string } {
  const price = sub.items?.data?.[0]?.price;
  const cycle = isBillingCycle(sub.metadata?.billing_cycle)
    ? sub.metadata.billing_cycle
    : cycleOfInterval(price?.recurring?.interval);
  const plan =
    isSelectablePlan(sub.metadata?.plan) && sub.metadata.plan !== "lifetime" && sub.metadata.plan !== "free"
      ? sub.metadata.plan
      : planFromPrice(price?.unit_amount, price?.recurring?.interval);
  return { plan, cycle };
}

/** A completed checkout: the plan or lifetime deal it was for. */
export async function applyCheckoutCompleted(session: Stripe.Checkout.Session, eventAt: number) {
  const meta = session.metadata ?? {};
  const userId = meta.user_id;
  if (!userId || (meta.kind !== "plan" && meta.kind !== "lifetime")) return { applied: false };
  if (session.status !== "complete") return { applied: false };

  if (meta.kind === "lifetime") {
    let replaced: string | undefined;
    const res = await applyPlanUpdate(
      userId,
      (user) => {
        if (user.plan === "lifetime" && user.onboarding_completed) return null;
        replaced = user.subscription_id ?? undefined;
        return {
          plan: "lifetime",
          plan_source: "lifetime",
          billing_cycle: "lifetime",
          onboarding_completed: true,
          subscription_id: null,
          subscription_status: "lifetime",
          ...(idOf(session.customer) ? { stripe_customer_id: idOf(session.customer)! } : {}),
        };
      },
      eventAt,
    );
    // Lifetime replaces a running subscription: stop billing it (its deletion event is then
    // ignored, because it is no longer the person's subscription).
    if (res.applied && replaced) await cancelQuietly(replaced);
    return res;
  }

  const plan = meta.plan;
  const subscriptionId = idOf(session.subscription);
  if (!isSelectablePlan(plan) || plan === "lifetime" || !subscriptionId) return { applied: false };
  return applyPlanUpdate(
    userId,
    (user) => {
      if (user.plan === "lifetime") return onboarded(user);
      if (user.subscription_id === subscriptionId && user.plan === plan && user.onboarding_completed) return null;
      return {
        plan,
        plan_source: "subscription", // the person chose to pay: this replaces an admin grant
        billing_cycle: isBillingCycle(meta.billing_cycle) ? meta.billing_cycle : "monthly",
        subscription_id: subscriptionId,
        subscription_status:
          user.subscription_id === subscriptionId ? (user.subscription_status ?? "trialing") : "trialing",
        onboarding_completed: true,
        ...(idOf(session.customer) ? { stripe_customer_id: idOf(session.customer)! } : {}),
      };
    },
    eventAt,
  );
}

const onboarded = (user: UserItem): PlanUpdate | null =>
  user.onboarding_completed ? null : { onboarding_completed: true };

/**
 * An admin-granted plan is never overwritten by subscription news (a subscription left from
 * before the grant runs to its period end): only the current subscription's status is kept.
 */
function grantedKeepsPlan(user: UserItem, current: boolean, status: string): PlanUpdate | null {
  return current && user.subscription_status !== status ? { subscription_status: status } : null;
}

/** customer.subscription.created / updated: live → its plan; ended → free; else record status. */
export async function applySubscriptionState(sub: Stripe.Subscription, eventAt: number) {
  const userId = sub.metadata?.user_id;
  if (!userId) return { applied: false };
  const { plan, cycle } = subscriptionPlan(sub);
  return applyPlanUpdate(
    userId,
    (user) => {
      if (user.plan === "lifetime") return null;
      const current = user.subscription_id === sub.id;
      if (user.plan_source === "admin") return grantedKeepsPlan(user, current, sub.status);
      if (LIVE.has(sub.status)) {
        if (!plan) return null;
        if (current && user.plan === plan && user.billing_cycle === cycle && user.subscription_status === sub.status)
          return null;
        return {
          plan,
          plan_source: "subscription",
          billing_cycle: cycle,
          subscription_id: sub.id,
          subscription_status: sub.status,
          ...(idOf(sub.customer) ? { stripe_customer_id: idOf(sub.customer)! } : {}),
        };
      }
      if (!current) return null; // an old subscription's news does not touch the current one
      if (ENDED.has(sub.status))
        return user.plan === "free" && user.subscription_status === sub.status
          ? null
          : { plan: "free", subscription_status: sub.status };
      return user.subscription_status === sub.status ? null : { subscription_status: sub.status };
    },
    eventAt,
  );
}

/** customer.subscription.deleted → free, but only if it is the person's current subscription. */
export async function applySubscriptionDeleted(sub: Stripe.Subscription, eventAt: number) {
  const userId = sub.metadata?.user_id;
  if (!userId) return { applied: false };
  return applyPlanUpdate(
    userId,
    (user) => {
      if (user.plan === "lifetime" || user.subscription_id !== sub.id) return null;
      if (user.plan_source === "admin") return { subscription_status: "canceled", subscription_id: null };
      return { plan: "free", subscription_status: "canceled", subscription_id: null };
    },
    eventAt,
  );
}

/** invoice.payment_failed: record it; Stripe's retries end in subscription.updated/deleted. */
export async function applyPaymentFailed(invoice: Stripe.Invoice, eventAt: number) {
  const details = invoice.parent?.subscription_details;
  const legacy = invoice as unknown as {
    subscription?: string | { id: string };
    subscription_details?: { metadata?: Record<string, string> };
  };
  const subscriptionId =
    idOf(details?.subscription as string | { id: string } | undefined) ?? idOf(legacy.subscription);
  let userId = details?.metadata?.user_id ?? legacy.subscription_details?.metadata?.user_id;
  if (!subscriptionId) return { applied: false };
  if (!userId) userId = (await platformStripe().subscriptions.retrieve(subscriptionId)).metadata?.user_id;
  if (!userId) return { applied: false };
  return applyPlanUpdate(
    userId,
    (user) =>
      user.subscription_id === subscriptionId && user.subscription_status !== "past_due"
        ? { subscription_status: "past_due" }
        : null,
    eventAt,
  );
}

async function cancelQuietly(subscriptionId: string) {
  try {
    await platformStripe().subscriptions.cancel(subscriptionId);
  } catch (err) {
    // Not fatal for the lifetime purchase; logged so support can cancel it by hand.
    logger.error("could not cancel the subscription replaced by lifetime", {
      subscriptionId,
      error: (err as Error).message,
    });
  }
}

/** The one entry point for the platform Stripe subscriber. Unknown event types are ignored. */
export async function applyPlatformEvent(event: Stripe.Event) {
  const at = event.created;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return applyCheckoutCompleted(event.data.object, at);
    case "customer.subscription.created":
    case "customer.subscription.updated":
      return applySubscriptionState(event.data.object, at);
    case "customer.subscription.deleted":
      return applySubscriptionDeleted(event.data.object, at);
    case "invoice.payment_failed":
      return applyPaymentFailed(event.data.object, at);
    default:
      return { applied: false };
  }
}
