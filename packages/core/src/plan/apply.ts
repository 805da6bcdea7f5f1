import { AGAIN, backoff, retry } from "../retry";
import { isThrottled, isTransactionConflict } from "../db/errors";
import { CounterEntity, Db, UserEntity, type UserItem } from "../db/entities";
import { ConflictError, NotFoundError } from "../errors";
import { planOf, type SelectablePlanId } from "./plans";

export type { UserItem };

/** What a plan event changes on the person. `subscription_id: null` forgets the subscription. */
export interface PlanUpdate {
  plan?: SelectablePlanId;
  plan_source?: NonNullable<UserItem["plan_source"]>;
  billing_cycle?: string;
  stripe_customer_id?: string;
  subscription_id?: string | null;
  subscription_status?: string;
  onboarding_completed?: boolean;
}

const PLATFORM = "platform";

/**
 * Counters read `plan_users.<plan>`; DynamoDB cannot ADD into a map that does not exist, so
 * the map is created once (idempotently) before the first counted change.
 */
async function ensurePlanUsersMap() {
  await CounterEntity.update({ scope: PLATFORM }).ifNotExists({ plan_users: {} }).go();
}

/**
 * Applies one plan change to a person, atomically with the platform's users-per-plan
 * counters (old plan -1, new plan +1, in the same transaction as the user update).
 *
 * `decide` sees the current stored person and returns the change, or null to ignore the
 * event. `eventAt` (Stripe's `created`, seconds) orders events: anything older than the last
 * applied one is ignored, so late, retried or out-of-order webhooks cannot undo newer state.
 * The write is conditional on the plan and event time it was decided from; on a race the
 * decision is re-made from fresh data.
 */
export async function applyPlanUpdate(
  userId: string,
  decide: (user: UserItem) => PlanUpdate | null,
  eventAt?: number,
): Promise<{ applied: boolean; user: UserItem }> {
  return retry(
    async () => {
      const { data: user } = await UserEntity.get({ id: userId }).go({ consistent: true });
      if (!user) throw new NotFoundError("user.not_found", "This account no longer exists.");
      if (eventAt !== undefined && user.subscription_event_at !== undefined && eventAt < user.subscription_event_at) {
        return { applied: false, user };
      }
      const update = decide(user);
      if (!update) return { applied: false, user };

      const oldPlan = planOf(user.plan).id;
      const newPlan = update.plan ? planOf(update.plan).id : oldPlan;
      const { subscription_id, ...rest } = update;
      const set: Partial<UserItem> = { ...rest, ...(update.plan ? { plan: newPlan } : {}) };
      if (subscription_id) set.subscription_id = subscription_id;
      if (eventAt !== undefined) set.subscription_event_at = Math.max(eventAt, user.subscription_event_at ?? 0);
      if (newPlan !== oldPlan) await ensurePlanUsersMap();

      const result = await Db.transaction
        .write(({ user: users, counter }) => {
          let patch = users.patch({ id: userId }).set(set);
          if (subscription_id === null) patch = patch.remove(["subscription_id"]);
          const write = [
            patch
              .where((a, { eq, notExists }) =>
                [
                  eq(a.plan, user.plan),
                  user.subscription_event_at === undefined
                    ? notExists(a.subscription_event_at)
                    : eq(a.subscription_event_at, user.subscription_event_at),
                ].join(" AND "),
              )
              .commit(),
          ];
          if (newPlan !== oldPlan) {
            write.push(
              counter
                .update({ scope: PLATFORM })
                .data((a, { add }) => {
                  add(a.plan_users[oldPlan], -1);
                  add(a.plan_users[newPlan], 1);
                })
                .commit() as never,
            );
          }
          return write;
        })
        .go();
      // Someone changed this person between our read and write: decide again from fresh data.
      if (result.canceled) return AGAIN;
      const { data: fresh } = await UserEntity.get({ id: userId }).go({ consistent: true });
      return { applied: true, user: fresh ?? user };
    },
    {
      // A cancelled write lost a race: with the person (decide again) or, on the platform
      // counter every plan change shares, with another transaction (TransactionConflict). Waits
      // grow and are jittered like transact()'s, so a burst of plan webhooks drains instead of
      // colliding again in lockstep until the attempts run out.
      attempts: 12,
      delayMs: backoff(10, 400),
      // The map's one-off creation is a single write on that same counter: refused, not failed,
      // while a transaction there is in flight or the counter's partition is out of units
      // (after the client's own retries; CI on 159dcb4 failed on the throttle).
      retryOn: (err) => isTransactionConflict(err) || isThrottled(err),
      exhausted: () =>
        new ConflictError("plan.conflict", "Your plan is being changed right now. Please try again in a moment."),
    },
  );
}
