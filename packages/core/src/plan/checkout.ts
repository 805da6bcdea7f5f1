import type Stripe from "stripe";
import type { Actor } from "../actor/index";
import { Config } from "../config/index";
import { isLifetimeCheckout, isoFromSeconds, recordCheckout } from "../checkout/record";
import { CheckoutEntity, UserEntity } from "../db/entities";
import { ConflictError, ForbiddenError, NotFoundError, ProviderError, ValidationError } from "../errors";
import { logger } from "../log/index";
import { applyPlanUpdate, type UserItem } from "./apply";
import { applyPlanCheckout } from "./events";
import { LIFETIME_PRICE, PLANS, TRIAL_DAYS, planOf, type BillingCycle } from "./plans";
import { cyclePrice, type PaidPlanId } from "./prices";
import { platformStripe } from "./stripe";

/** Platform checkout: Stripe Checkout on the platform account for plans and the lifetime deal. */
export const CHECKOUT_FAILED = "Failed to create checkout session";
export const FREE_SESSION_ID = "free";

export async function loadUser(actor: Actor): Promise<UserItem> {
  const { data } = await UserEntity.get({ id: actor.userId }).go({ consistent: true });
  if (!data) throw new NotFoundError("user.not_found", "Your profile was not found. Please sign in again.");
  return data;
}

export const CREATORS_ONLY =
  "Plans are for creators. Start selling first: switch your account to a creator account, then choose your plan.";

/**
 * Plans are for creators (rule: Plans are for creators): someone without a role picks one first, and a
 * customer is refused until they start selling (the pricing screens offer that switch).
 * Admins sell too, whatever their stored role.
 */
export function requireSeller(actor: Actor) {
  if (!actor.role) {
    throw new ValidationError(
      "Choose how you want to use Payloft (sell or buy) before picking a plan.",
      "plan.role_required",
    );
  }
  if (actor.role === "customer" && !actor.isAdmin) throw new ForbiddenError(CREATORS_ONLY, "plan.creators_only");
}

export const LIFETIME_MEMBER =
  "You have lifetime access: everything is already included, so there is no plan to choose.";

/**
 * Lifetime deal (product rule): a lifetime member never buys or switches to a subscription, and choosing
 * Free never downgrades them. Refused before anything is started at the provider.
 */
export function refuseLifetimeMember(user: UserItem) {
  if (user.plan === "lifetime") throw new ConflictError("plan.lifetime_member", LIFETIME_MEMBER);
}

/**
 * The customer name Stripe shows: profile name, else the identity account's name, else the e-mail prefix.
 * The name typed at onboarding (customer_name) fills a profile that has none yet.
 */
export async function resolveCustomerName(actor: Actor, user: UserItem, typed?: string): Promise<string> {
  const name = user.name?.trim() || typed?.trim() || actor.name?.trim() || actor.email.split("@")[0]!;
  if (!user.name?.trim() && name) await UserEntity.patch({ id: user.id }).set({ name }).go();
  return name;
}

const successUrl = () => `${Config.siteUrl()}/onboarding-success?session_id={CHECKOUT_SESSION_ID}`;

async function createSession(params: Stripe.Checkout.SessionCreateParams) {
  try {
    return await platformStripe().checkout.sessions.create(params);
  } catch (err) {
    logger.warn("platform checkout session failed", { error: (err as Error).message });
    throw new ProviderError(CHECKOUT_FAILED, "plan.checkout_failed");
  }
}

/** A subscription checkout for a paid plan, with the 14-day trial, at the table's price. */
export async function subscriptionCheckout(
  user: UserItem,
  plan: PaidPlanId,
  cycle: BillingCycle,
  cancelPath = "/onboarding",
) {
  const metadata = { kind: "plan", user_id: user.id, plan, billing_cycle: cycle };
  const session = await createSession({
    mode: "subscription",
    customer_email: user.email,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "usd",
          ...cyclePrice(plan, cycle),
          product_data: { name: `Payloft ${PLANS[plan].name} plan` },
        },
      },
    ],
    subscription_data: { trial_period_days: TRIAL_DAYS, metadata },
    metadata,
    client_reference_id: user.id,
    success_url: successUrl(),
    cancel_url: `${Config.siteUrl()}${cancelPath}`,
  });
  if (!session.url) throw new ProviderError(CHECKOUT_FAILED, "plan.checkout_failed");
  await recordCheckout({
    session_id: session.id,
    kind: "plan",
    provider: "stripe",
    user_id: user.id,
    plan,
    billing_cycle: cycle,
    amount: cyclePrice(plan, cycle).unit_amount,
    currency: "usd",
    session_expires_at: isoFromSeconds(session.expires_at),
    buyer_email: user.email,
  });
  return { url: session.url };
}

/** The lifetime deal: one payment of $199 (rule: Lifetime deal). */
export async function lifetimeCheckout(user: UserItem) {
  if (user.plan === "lifetime") throw new ConflictError("plan.already_lifetime", "You already have lifetime access.");
  const metadata = { kind: "lifetime", user_id: user.id };
  const session = await createSession({
    mode: "payment",
    customer_email: user.email,
    line_items: [
      {
        quantity: 1,
        price_data: { currency: "usd", unit_amount: LIFETIME_PRICE, product_data: { name: "Payloft Lifetime Access" } },
      },
    ],
    payment_intent_data: { metadata },
    metadata,
    client_reference_id: user.id,
    success_url: successUrl(),
    cancel_url: `${Config.siteUrl()}/secret-lifetime-deal`,
  });
  if (!session.url) throw new ProviderError(CHECKOUT_FAILED, "plan.checkout_failed");
  await recordCheckout({
    session_id: session.id,
    kind: "lifetime",
    provider: "stripe",
    user_id: user.id,
    plan: "lifetime",
    billing_cycle: "lifetime",
    amount: LIFETIME_PRICE,
    currency: "usd",
    session_expires_at: isoFromSeconds(session.expires_at),
    buyer_email: user.email,
  });
  return { url: session.url };
}

/** Free needs no payment: it completes onboarding at once. */
export async function completeFree(user: UserItem) {
  await applyPlanUpdate(user.id, (u) => {
    if (u.plan === "lifetime") return null; // bought meanwhile: Free never downgrades lifetime
    return planOf(u.plan).id === "free" && u.onboarding_completed
      ? null
      : { plan: "free", plan_source: "self", onboarding_completed: true };
  });
  return { url: `${Config.siteUrl()}/onboarding-success?session_id=${FREE_SESSION_ID}` };
}

/**
 * The success page's reconcile: the webhook normally applied the checkout already; if it
 * has not arrived yet, apply it now from the session Stripe returns (idempotent; ordered by
 * the session's creation time, so a revisit after a later cancellation changes nothing).
 */
export async function reconcileSession(user: UserItem, sessionId: string) {
  const { data: record } = await CheckoutEntity.get({ session_id: sessionId }).go();
  if (!record || record.kind === "product" || record.user_id !== user.id) {
    throw new NotFoundError("plan.session_not_found", "We could not find this subscription checkout.");
  }
  let session: Stripe.Checkout.Session;
  try {
    session = await platformStripe().checkout.sessions.retrieve(sessionId);
  } catch (err) {
    logger.warn("platform checkout retrieve failed", { error: (err as Error).message });
    throw new ProviderError(
      "We could not confirm your subscription with the payment provider. Please refresh in a moment.",
      "plan.confirm_failed",
    );
  }
  if (session.status !== "complete") {
    throw new ConflictError("plan.checkout_incomplete", "This checkout has not been completed yet.");
  }
  const ref = (v: string | { id: string } | null) => (typeof v === "string" ? v : v?.id);
  await applyPlanCheckout(record, {
    subscription_ref: ref(session.subscription) ?? undefined,
    customer_ref: ref(session.customer) ?? undefined,
    occurred_at: session.created,
  });
  return { plan: isLifetimeCheckout(record) ? "lifetime" : (record.plan ?? planOf(user.plan).id) };
}
