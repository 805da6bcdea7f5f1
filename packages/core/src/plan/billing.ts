import { Config } from "../config/index";
import { ConflictError, ProviderError, ValidationError } from "../errors";
import { logger } from "../log/index";
import { applyPlanUpdate, type UserItem } from "./apply";
import { subscriptionCheckout } from "./checkout";
import { PLANS, planOf, type BillingCycle, type PlanId } from "./plans";
import { cycleOfInterval, cyclePrice, type PaidPlanId } from "./prices";
import { platformStripe } from "./stripe";

/**
 * Changing plan for someone who already pays: the existing subscription is changed
 * (prorated) or cancelled, never duplicated. The stored plan follows when Stripe's
 * customer.subscription.updated / deleted webhook arrives.
 */
const ENDED = new Set(["canceled", "unpaid", "incomplete_expired"]);

/** A subscription Stripe still bills (or is trying to). */
export const hasLiveSubscription = (user: UserItem) =>
  !!user.subscription_id && !ENDED.has(user.subscription_status ?? "");

/**
 * The person pays for their plan through that subscription. A plan an admin granted is never
 * billed: a subscription left over from before the grant only runs to its period end, so plan
 * changes go to a fresh checkout instead of changing it.
 */
export const billsNow = (user: UserItem) => hasLiveSubscription(user) && user.plan_source !== "admin";

/**
 * Moves the running subscription to `plan`, prorated at Stripe. `keep` keeps the billing cycle
 * the subscription has at Stripe (its price's interval, the source of truth): a yearly member
 * who upgrades stays yearly. Only an explicit cycle (Settings → Billing) changes it.
 */
export async function switchSubscription(subscriptionId: string, plan: PaidPlanId, cycle: BillingCycle | "keep") {
  const stripe = platformStripe();
  try {
    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    const item = sub.items.data[0];
    if (!item) throw new Error("subscription has no item");
    const product = typeof item.price.product === "string" ? item.price.product : item.price.product.id;
    const next = cycle === "keep" ? cycleOfInterval(item.price.recurring?.interval) : cycle;
    await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, price_data: { currency: "usd", product, ...cyclePrice(plan, next) } }],
      proration_behavior: "create_prorations",
      metadata: { ...sub.metadata, plan, billing_cycle: next },
    });
  } catch (err) {
    logger.warn("subscription change failed", { error: (err as Error).message });
    throw new ProviderError(
      "We could not change your plan with the payment provider. Please try again.",
      "plan.change_failed",
    );
  }
}

export async function cancelSubscription(subscriptionId: string) {
  try {
    await platformStripe().subscriptions.cancel(subscriptionId);
  } catch (err) {
    logger.warn("subscription cancel failed", { error: (err as Error).message });
    throw new ProviderError(
      "We could not cancel your subscription with the payment provider. Please try again.",
      "plan.cancel_failed",
    );
  }
}

export type ChangeResult = { status: "updating" } | { status: "updated"; plan: PlanId } | { url: string };

const storedCycle = (user: UserItem): BillingCycle => (user.billing_cycle === "yearly" ? "yearly" : "monthly");

/**
 * Settings → Billing: Upgrade / Downgrade. Without `cycle` the member's own billing cycle is
 * kept (yearly stays yearly); with one, the plan moves to that cycle ("Switch to yearly").
 */
export async function changePlan(user: UserItem, plan: PlanId, requested?: BillingCycle): Promise<ChangeResult> {
  if (user.plan === "lifetime") {
    throw new ConflictError("plan.lifetime", "You have lifetime access, so there is no plan to change.");
  }
  const live = billsNow(user);
  const current = planOf(user.plan).id;
  const cycle = requested ?? storedCycle(user);
  const sameCycle = plan === "free" || storedCycle(user) === cycle;
  if (current === plan && sameCycle && (plan === "free" || live)) {
    throw new ValidationError(`You are already on the ${PLANS[plan].name} plan.`, "plan.unchanged");
  }
  if (plan === "free") {
    if (live) {
      await cancelSubscription(user.subscription_id!);
      return { status: "updating" };
    }
    // A plan granted without a subscription: going down needs no payment provider.
    await applyPlanUpdate(user.id, (u) =>
      planOf(u.plan).id === "free" || u.plan === "lifetime" ? null : { plan: "free", plan_source: "self" },
    );
    return { status: "updated", plan: "free" };
  }
  if (live) {
    await switchSubscription(user.subscription_id!, plan, cycle);
    return { status: "updating" };
  }
  return subscriptionCheckout(user, plan, cycle, "/dashboard");
}

/** Where the browser goes after an in-place change made from a checkout button. */
export const subscriptionSuccessUrl = (subscriptionId: string) =>
  `${Config.siteUrl()}/onboarding-success?session_id=${encodeURIComponent(subscriptionId)}`;
