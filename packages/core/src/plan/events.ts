import type {
  PlanCheckoutCompleted,
  PropertiesOf,
  SubscriptionChanged,
  SubscriptionPaymentFailed,
} from "../bus/events";
import { findCheckout, isLifetimeCheckout } from "../checkout/record";
import type { CheckoutItem } from "../db/entities";
import { NotFoundError } from "../errors";
import { logger } from "../log/index";
import { applyPlanUpdate, type PlanUpdate, type UserItem } from "./apply";
import { deactivateExtraProducts } from "./downgrade";
import { isSelectablePlan, planOf } from "./plans";
import { isBillingCycle } from "./prices";
import { platformStripe } from "./stripe";

/**
 * Plan changes driven by the platform's provider events (never by the browser), applied from
 * provider-neutral domain events. Each handler decides from the stored person, so a replayed
 * event changes nothing and an event older than the last applied one is ignored
 * (applyPlanUpdate's eventAt).
 */
const LIVE = new Set(["trialing", "active"]);
const ENDED = new Set(["canceled", "unpaid", "incomplete_expired"]);

export interface CheckoutOutcome {
  subscription_ref?: string;
  customer_ref?: string;
  occurred_at: number;
}

/**
 * A completed platform checkout: the plan or lifetime deal its Payloft record was for. Who
 * and what come from the record (rule: Our checkouts only), the provider only adds its references.
 */
export async function applyPlanCheckout(record: CheckoutItem, outcome: CheckoutOutcome) {
  const userId = record.user_id;
  if (!userId || record.kind === "product") return { applied: false };
  // A refunded (or disputed) payment's late "completed" news grants nothing.
  if (record.reversed_at) return { applied: false };
  const customer = outcome.customer_ref ? { stripe_customer_id: outcome.customer_ref } : {};

  if (isLifetimeCheckout(record)) {
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
          ...customer,
        };
      },
      outcome.occurred_at,
    );
    // Lifetime replaces a running subscription: stop billing it (its deletion event is then
    // ignored, because it is no longer the person's subscription).
    if (res.applied && replaced) await cancelQuietly(replaced);
    return res;
  }

  const plan = record.plan;
  const subscriptionId = outcome.subscription_ref;
  if (!isSelectablePlan(plan) || plan === "lifetime" || plan === "free" || !subscriptionId) return { applied: false };
  return applyPlanUpdate(
    userId,
    (user) => {
      if (user.plan === "lifetime") return onboarded(user);
      if (user.subscription_id === subscriptionId && user.plan === plan && user.onboarding_completed) return null;
      return {
        plan,
        plan_source: "subscription", // the person chose to pay: this replaces an admin grant
        billing_cycle: isBillingCycle(record.billing_cycle) ? record.billing_cycle : "monthly",
        subscription_id: subscriptionId,
        subscription_status:
          user.subscription_id === subscriptionId ? (user.subscription_status ?? "trialing") : "trialing",
        onboarding_completed: true,
        ...customer,
      };
    },
    outcome.occurred_at,
  );
}

/** plan.checkout_completed: only checkouts Payloft recorded count; anything else is ignored. */
export async function applyCheckoutCompleted(p: PropertiesOf<typeof PlanCheckoutCompleted>) {
  const record = await findCheckout(p.checkout_id);
  if (!record) {
    logger.warn("a platform checkout Payloft did not create was ignored", { checkoutId: p.checkout_id });
    return { applied: false };
  }
  return applyPlanCheckout(record, p);
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

/**
 * subscription.changed: live → its plan; ended or deleted → free, and products beyond free's
 * limit stop selling (newest first); else record the status.
 */
export async function applySubscriptionChanged(p: PropertiesOf<typeof SubscriptionChanged>) {
  const res = await applyPlanUpdate(
    p.user_id,
    (user) => {
      if (user.plan === "lifetime") return null;
      const current = user.subscription_id === p.subscription_ref;
      if (p.deleted) {
        // Only the person's current subscription ends their plan; a granted plan stays.
        if (!current) return null;
        if (user.plan_source === "admin") return { subscription_status: "canceled", subscription_id: null };
        return { plan: "free", subscription_status: "canceled", subscription_id: null };
      }
      if (user.plan_source === "admin") return grantedKeepsPlan(user, current, p.status);
      if (LIVE.has(p.status)) {
        if (!p.plan) return null;
        const cycle = p.billing_cycle ?? "monthly";
        if (current && user.plan === p.plan && user.billing_cycle === cycle && user.subscription_status === p.status)
          return null;
        return {
          plan: p.plan,
          plan_source: "subscription",
          billing_cycle: cycle,
          subscription_id: p.subscription_ref,
          subscription_status: p.status,
          ...(p.customer_ref ? { stripe_customer_id: p.customer_ref } : {}),
        };
      }
      if (!current) return null; // an old subscription's news does not touch the current one
      if (ENDED.has(p.status))
        return user.plan === "free" && user.subscription_status === p.status
          ? null
          : { plan: "free", subscription_status: p.status };
      return user.subscription_status === p.status ? null : { subscription_status: p.status };
    },
    p.occurred_at,
  );
  // Also when this delivery changed nothing: a retry after a crash between the two steps.
  if (p.deleted || ENDED.has(p.status)) await deactivateExtraProducts(p.user_id);
  return res;
}

/**
 * subscription.payment_failed: past due while the provider retries (the creator sees a
 * banner); after its final attempt the plan ends like an unpaid subscription: free, and
 * products beyond free's limit stop selling. A granted plan keeps its plan.
 */
export async function applyPaymentFailed(p: PropertiesOf<typeof SubscriptionPaymentFailed>) {
  const status = p.final ? "unpaid" : "past_due";
  const res = await applyPlanUpdate(
    p.user_id,
    (user) => {
      if (user.plan === "lifetime" || user.subscription_id !== p.subscription_ref) return null;
      if (p.final && user.plan_source !== "admin" && planOf(user.plan).id !== "free")
        return { plan: "free", subscription_status: status };
      return user.subscription_status === status ? null : { subscription_status: status };
    },
    p.occurred_at,
  );
  if (p.final) await deactivateExtraProducts(p.user_id);
  return res;
}

/**
 * Runs one platform event's change. News about a person who was deleted meanwhile (their
 * subscription was cancelled with them) changes nothing instead of filling the dead letters.
 */
export async function forLivingPerson(type: string, apply: () => Promise<unknown>) {
  try {
    await apply();
  } catch (err) {
    if (!(err instanceof NotFoundError && err.code === "user.not_found")) throw err;
    logger.info("platform event for a deleted person ignored", { type });
  }
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
