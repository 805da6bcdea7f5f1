import { UserEntity } from "../db/entities";
import { ProviderError } from "../errors";
import { logger } from "../log/index";
import { hasLiveSubscription } from "./billing";
import type { UserItem } from "./apply";
import { platformStripe } from "./stripe";

/**
 * A paying creator's platform subscription follows what an admin does to the account:
 *  - delete: cancelled now (nobody is left to use the plan);
 *  - deactivate: ends at the period end (`cancel_at_period_end`), so a reactivation within the
 *    period can undo it; remembered on the person so only our own setting is undone;
 *  - reactivate: undoes that, if the subscription is still running.
 * Each runs BEFORE the account changes: when the provider fails, the admin gets a 502 and
 * nothing changed, so the same button can simply be pressed again.
 */
const failed = (what: string, err: unknown) => {
  logger.warn("platform subscription change for an account failed", { what, error: (err as Error).message });
  return new ProviderError(
    `We could not ${what} this person's subscription at the payment provider, so nothing was changed. Please try again.`,
    "plan.owner_subscription_failed",
  );
};

export async function cancelForDeletion(person: UserItem) {
  if (!hasLiveSubscription(person)) return;
  try {
    const sub = await platformStripe().subscriptions.retrieve(person.subscription_id!);
    if (sub.status !== "canceled") await platformStripe().subscriptions.cancel(sub.id);
  } catch (err) {
    throw failed("cancel", err);
  }
}

export async function endWithDeactivation(person: UserItem) {
  if (!hasLiveSubscription(person)) return;
  try {
    const sub = await platformStripe().subscriptions.retrieve(person.subscription_id!);
    if (sub.status === "canceled" || sub.cancel_at_period_end) return; // already ending on its own
    await platformStripe().subscriptions.update(sub.id, { cancel_at_period_end: true });
  } catch (err) {
    throw failed("stop", err);
  }
  await UserEntity.patch({ id: person.id }).set({ cancel_set_by_deactivation: true }).go();
}

export async function resumeAfterReactivation(person: UserItem) {
  if (!person.cancel_set_by_deactivation) return;
  if (person.subscription_id) {
    try {
      const sub = await platformStripe().subscriptions.retrieve(person.subscription_id);
      const inPeriod = (sub.items.data[0]?.current_period_end ?? 0) > Date.now() / 1000;
      if (sub.status !== "canceled" && sub.cancel_at_period_end && inPeriod) {
        await platformStripe().subscriptions.update(sub.id, { cancel_at_period_end: false });
      }
    } catch (err) {
      throw failed("resume", err);
    }
  }
  await UserEntity.patch({ id: person.id }).remove(["cancel_set_by_deactivation"]).go();
}
