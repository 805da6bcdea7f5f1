import { hasUnsafeCharacters, parseInput, unsafeNameMessage } from "../validation";
import * as z from "zod/mini";
import "../zod";
import type { Actor } from "../actor/index";
import { NotFoundError, ProviderError, ValidationError } from "../errors";
import { logger } from "../log/index";
import { applyPlanUpdate } from "./apply";
import {
  changePlan,
  billsNow,
  hasLiveSubscription,
  subscriptionSuccessUrl,
  switchSubscription,
  cancelSubscription,
} from "./billing";
import {
  FREE_SESSION_ID,
  completeFree,
  lifetimeCheckout,
  loadUser,
  reconcileSession,
  refuseLifetimeMember,
  requireSeller,
  resolveCustomerName,
  subscriptionCheckout,
} from "./checkout";
import { grantPlan } from "./grant";
import { productLimitFor } from "./limits";
import {
  LIFETIME_PRICE,
  PLAN_IDS,
  isSelectablePlan,
  planOf,
  type BillingCycle,
  type PlanId,
  type SelectablePlanId,
} from "./plans";
import { cyclePrice, type PaidPlanId } from "./prices";
import { platformStripe } from "./stripe";

export * from "./plans";
export { productLimitFor } from "./limits";

const INVALID_PLAN = "Invalid plan selected";
const planId = z
  .string({ error: INVALID_PLAN })
  .check(z.refine((p) => (PLAN_IDS as readonly string[]).includes(p), INVALID_PLAN));
const cycle = z.enum(["monthly", "yearly"], { error: "billing_cycle must be 'monthly' or 'yearly'." });
const validate = <S extends z.ZodMiniType>(schema: S, input: unknown) =>
  parseInput(schema, input, { code: "plan.invalid_input" });
const customerName = z.optional(
  z.string().check(
    z.trim(),
    z.maxLength(120, "Your name can be at most 120 characters."),
    z.refine((name) => !hasUnsafeCharacters(name), unsafeNameMessage("Your name")),
  ),
);

/**
 * Plans and platform billing: the platform's own subscriptions and lifetime deal.
 * Plan changes that involve money happen only through verified Stripe webhooks
 * (plan/events.ts, applied by the ApplyPlan subscriber); the browser starts checkouts and reads results.
 */
export namespace Billing {
  export const CheckoutInput = z.object({
    plan: z.string({ error: INVALID_PLAN }).check(z.refine((p) => isSelectablePlan(p), INVALID_PLAN)),
    billing_cycle: z._default(
      z.enum(["monthly", "yearly", "lifetime"], { error: "billing_cycle must be 'monthly' or 'yearly'." }),
      "monthly",
    ),
    customer_name: customerName,
  });
  export const LifetimeInput = z.object({ customer_name: customerName });
  /** Without billing_cycle the member's own cycle is kept. */
  export const ChangeInput = z.object({ plan: planId, billing_cycle: z.optional(cycle) });

  /** POST /api/platform/create-checkout-session → {url}. */
  export async function createCheckout(actor: Actor, input: z.input<typeof CheckoutInput>): Promise<{ url: string }> {
    const data = validate(CheckoutInput, input);
    requireSeller(actor);
    const user = await loadUser(actor);
    const plan = data.plan as SelectablePlanId;
    if (plan !== "lifetime") refuseLifetimeMember(user);
    await resolveCustomerName(actor, user, data.customer_name);
    if (plan === "lifetime") return lifetimeCheckout(user);
    if (plan === "free") {
      if (hasLiveSubscription(user)) await cancelSubscription(user.subscription_id!);
      return completeFree(user);
    }
    if (billsNow(user)) {
      // Never a second subscription: change the running one, in the cycle the member pays in
      // (the pricing toggle starts on monthly; switching cycle is Settings → Billing's job).
      await switchSubscription(user.subscription_id!, plan, "keep");
      if (!user.onboarding_completed)
        await applyPlanUpdate(user.id, (u) => (u.onboarding_completed ? null : { onboarding_completed: true }));
      return { url: subscriptionSuccessUrl(user.subscription_id!) };
    }
    return subscriptionCheckout(user, plan, data.billing_cycle === "yearly" ? "yearly" : "monthly");
  }

  /** POST /api/platform/create-lifetime-checkout → {url}. */
  export async function createLifetimeCheckout(actor: Actor, input: z.input<typeof LifetimeInput>) {
    const data = validate(LifetimeInput, input);
    requireSeller(actor);
    const user = await loadUser(actor);
    await resolveCustomerName(actor, user, data.customer_name);
    return lifetimeCheckout(user);
  }

  /** GET /api/platform/subscription-success?session_id= → {plan, customer_name}. */
  export async function subscriptionSuccess(actor: Actor, sessionId: string | undefined) {
    if (!sessionId) throw new ValidationError("session_id is missing from the address.", "plan.session_missing");
    if (sessionId.length > 200)
      throw new NotFoundError("plan.session_not_found", "We could not find this subscription checkout.");
    const user = await loadUser(actor);
    const customer_name = await resolveCustomerName(actor, user);
    if (sessionId === FREE_SESSION_ID) return { plan: planOf(user.plan).id, customer_name };
    if (sessionId.startsWith("sub_")) {
      if (user.subscription_id !== sessionId)
        throw new NotFoundError("plan.session_not_found", "We could not find this subscription checkout.");
      const sub = await platformStripe()
        .subscriptions.retrieve(sessionId)
        .catch((err: Error) => {
          logger.warn("subscription retrieve failed", { error: err.message });
          throw new ProviderError(
            "We could not confirm your subscription with the payment provider. Please refresh in a moment.",
            "plan.confirm_failed",
          );
        });
      return { plan: isSelectablePlan(sub.metadata?.plan) ? sub.metadata.plan : planOf(user.plan).id, customer_name };
    }
    const { plan } = await reconcileSession(user, sessionId);
    return { plan, customer_name };
  }

  /** POST /api/platform/change-plan → {status:'updating'} | {status:'updated', plan} | {url}. */
  export async function change(actor: Actor, input: z.input<typeof ChangeInput>) {
    const data = validate(ChangeInput, input);
    // planId admits only PLAN_IDS (a mini check does not narrow the type, classic refine did).
    return changePlan(await loadUser(actor), data.plan as PlanId, data.billing_cycle);
  }

  /**
   * GET /api/platform/billing: what Settings → Billing shows. `price` is what the current
   * plan costs per billing cycle, in cents; product_limit null = unlimited.
   */
  export async function summary(actor: Actor) {
    const user = await loadUser(actor);
    const plan = planOf(user.plan);
    const billing_cycle = plan.id === "lifetime" ? "lifetime" : user.billing_cycle === "yearly" ? "yearly" : "monthly";
    // Only what is actually billed costs money: a granted plan (or one without a running
    // subscription) is $0.
    const paying = billsNow(user);
    const price =
      plan.id === "lifetime"
        ? LIFETIME_PRICE
        : plan.id === "free" || !paying
          ? 0
          : cyclePrice(plan.id as PaidPlanId, billing_cycle as BillingCycle).unit_amount;
    return {
      plan: plan.id,
      plan_source: user.plan_source ?? null,
      billing_cycle,
      price,
      subscription_status: user.subscription_status ?? null,
      has_subscription: paying,
      product_count: user.product_count ?? 0,
      product_limit: productLimitFor({ plan: user.plan, email: user.email, role: user.role, is_admin: user.is_admin }),
    };
  }

  /** Sets a plan without payment: an admin grant (plan_source admin, never billed). */
  export const setPlan = grantPlan;
}
