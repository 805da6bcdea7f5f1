import { ConflictError, NotFoundError } from "../errors";
import { UserEntity, type UserItem } from "../db/entities";
import { transact } from "../product/store";
import { isConditionFailed } from "../db/errors";

/**
 * The platform's creators figure (counter `platform`, attribute `creators`): the people whose
 * role is creator, moved in the same transaction as every change of role, so it is exact
 * without ever counting users. The landing and lifetime-deal pages show it
 * (rule: Honest social proof). Admins and buyers are not creators.
 */
type Role = UserItem["role"];

/** +1 when a person becomes a creator, -1 when a creator stops being one, else 0. */
export const creatorDelta = (before: Role | null, after: Role | null) =>
  (after === "creator" ? 1 : 0) - (before === "creator" ? 1 : 0);

/**
 * Sets a person's role (and what goes with it) and moves the creators figure by the change,
 * conditional on the role they had when read: a concurrent change makes this a 409 to retry,
 * never a count that drifts.
 */
export async function changeRole(
  user: Pick<UserItem, "id" | "role">,
  set: { role: NonNullable<Role>; onboarding_completed?: boolean },
): Promise<UserItem> {
  const delta = creatorDelta(user.role ?? null, set.role);
  if (delta === 0) return patch(user.id, set);
  // A race with another write on the platform counter is retried; a changed role is not.
  const codes = await transact(({ user: users, counter }) => [
    users
      .patch({ id: user.id })
      .set(set)
      .where((a, op) => (user.role ? op.eq(a.role, user.role) : op.notExists(a.role)))
      .commit(),
    counter.update({ scope: "platform" }).add({ creators: delta }).commit(),
  ]);
  if (codes) throw new ConflictError("user.changed", "Your account changed while saving. Please try again.");
  const saved = (await UserEntity.get({ id: user.id }).go({ consistent: true })).data;
  if (!saved) throw notFound();
  return saved;
}

/** As User.notFound (user/index.ts, which imports this module). */
const notFound = () => new NotFoundError("profile.not_found", "Profile not found");

async function patch(id: string, set: Partial<UserItem>): Promise<UserItem> {
  try {
    return (await UserEntity.patch({ id }).set(set).go({ response: "all_new" })).data as UserItem;
  } catch (err) {
    if (isConditionFailed(err)) throw notFound();
    throw err;
  }
}
