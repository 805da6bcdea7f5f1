import { randomUUID } from "node:crypto";
import { MembershipEntity } from "../db/entities";
import { ConflictError } from "../errors";
import { logger } from "../log/index";

/**
 * One change of plan at a time per membership. Two at once (two tabs) both passed the checks on
 * the plan they read and both moved the Stripe subscription; each answer was applied with the
 * same provider second, so the one applied last won in our table even when Stripe had made it
 * first: the member saw one plan and was billed another, and the next change could be refused as
 * "already on" a plan Stripe no longer had. The claim is a conditional write on the membership
 * item; the other request answers 409 and changes nothing at the provider.
 */

/** Longer than an API function may run (infra/defaults.ts: 20 s): a claim left by one that died frees itself. */
export const CHANGE_CLAIM_MS = 30_000;

export const changeUnderWay = () =>
  new ConflictError(
    "membership.change_in_progress",
    "Another change to this membership's plan is under way. Reload to see your plan, then try again if you still want to change it.",
  );

const conditionFailed = (e: unknown) =>
  (e as { cause?: { name?: string } }).cause?.name === "ConditionalCheckFailedException" ||
  /conditional request failed/i.test(String((e as Error)?.message));

/** Runs `change` holding the membership's change claim; 409 while another change holds it. */
export async function oneChangeAtATime<T>(id: string, change: () => Promise<T>): Promise<T> {
  const token: string = randomUUID();
  const now = Date.now();
  try {
    await MembershipEntity.patch({ id })
      .set({ change_claim: token, change_claim_until: now + CHANGE_CLAIM_MS })
      .where((a, op) => `${op.notExists(a.change_claim_until)} OR ${op.lt(a.change_claim_until, now)}`)
      .go();
  } catch (e) {
    if (conditionFailed(e)) throw changeUnderWay();
    throw e;
  }
  try {
    return await change();
  } finally {
    await MembershipEntity.patch({ id })
      .remove(["change_claim", "change_claim_until"])
      .where((a, op) => op.eq(a.change_claim, token))
      .go()
      .catch((e) => {
        // Taken over after it expired, or the write failed: either way it expires by itself.
        if (!conditionFailed(e))
          logger.warn("membership change claim not released", { membershipId: id, error: String(e) });
      });
  }
}
