import { setTimeout as sleep } from "node:timers/promises";
import { Db } from "../db/entities";

/**
 * Runs one DynamoDB transaction, retrying when it lost a race with another transaction on
 * the same items (TransactionConflict: e.g. two creates bumping the same counter). Returns
 * null on success, or the per-item cancellation codes so the caller can tell WHICH
 * condition failed (e.g. the plan-limit condition on the user item).
 */
type Writer = Parameters<typeof Db.transaction.write>[0];

export async function transact(build: Writer, attempts = 12): Promise<string[] | null> {
  for (let attempt = 1; ; attempt++) {
    const result = await Db.transaction.write(build).go();
    if (!result.canceled) return null;
    const codes = result.data.map((d: { code?: string }) => d.code ?? "None");
    const conflicted = codes.some((c) => c === "TransactionConflict");
    const conditionFailed = codes.some((c) => c === "ConditionalCheckFailed");
    if (conflicted && !conditionFailed && attempt < attempts) {
      // Jittered backoff so the losers of a race do not collide again in lockstep.
      await sleep(10 + Math.random() * 25 * attempt);
      continue;
    }
    return codes;
  }
}

/** UTC day of a write, the sort key of DailyStatEntity. */
export const today = () => new Date().toISOString().slice(0, 10);
