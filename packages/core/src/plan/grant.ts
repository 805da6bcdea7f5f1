import { UserEntity } from "../db/entities";
import { ConflictError, NotFoundError, ProviderError, ValidationError } from "../errors";
import { logger } from "../log/index";
import { applyPlanUpdate, type UserItem } from "./apply";
import { billsNow } from "./billing";
import { isSelectablePlan, planOf, type SelectablePlanId } from "./plans";
import { platformStripe } from "./stripe";

/**
 * An admin's plan grant ("set plan", "Grant Free Accounts"): recorded as `plan_source: admin`
 * and never billed. If the person was paying, their subscription is set to end at its period
 * end (they keep what they paid for, and are not charged again); its later webhooks and its
 * end do not change the granted plan. The grant is stamped as the newest plan event, so a
 * subscription event from before it cannot undo it either.
 */
export async function grantPlan(userId: string, plan: SelectablePlanId) {
  if (!isSelectablePlan(plan)) throw new ValidationError("Invalid plan selected", "plan.invalid");
  const { data: person } = await UserEntity.get({ id: userId }).go({ consistent: true });
  if (!person) throw new NotFoundError("user.not_found", "User not found");
  if (person.plan === "lifetime" && plan !== "lifetime") {
    throw new ConflictError(
      "plan.lifetime_member",
      "This person bought lifetime access, so their plan cannot be changed here.",
    );
  }
  if (billsNow(person)) await endAtPeriodEnd(person);
  const { user } = await applyPlanUpdate(
    userId,
    (u) => (u.plan === plan && u.plan_source === "admin" ? null : { plan, plan_source: "admin" }),
    Math.floor(Date.now() / 1000),
  );
  return { id: user.id, plan: planOf(user.plan).id };
}

async function endAtPeriodEnd(person: UserItem) {
  try {
    const sub = await platformStripe().subscriptions.retrieve(person.subscription_id!);
    if (sub.status === "canceled" || sub.cancel_at_period_end) return;
    await platformStripe().subscriptions.update(sub.id, { cancel_at_period_end: true });
  } catch (err) {
    logger.warn("could not stop the subscription of a granted plan", { error: (err as Error).message });
    throw new ProviderError(
      "We could not stop this person's subscription at the payment provider, so the plan was not changed. Please try again.",
      "plan.grant_failed",
    );
  }
}
