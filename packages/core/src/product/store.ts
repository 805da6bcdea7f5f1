import { Db } from "../db/entities";
import { AGAIN, backoff, retry } from "../retry";

/**
 * Runs one DynamoDB transaction, retrying when it lost a race with another transaction on
 * the same items (TransactionConflict: e.g. two creates bumping the same counter) or met a
 * partition out of capacity (ThrottlingError), with growing, jittered waits. Returns null on
 * success, or the per-item cancellation codes so the caller can tell WHICH condition failed
 * (e.g. the plan-limit condition on the user item).
 */
type Writer = Parameters<typeof Db.transaction.write>[0];

/** Cancellation codes that say "not now", never "no": the same transaction may pass again. */
export const TRANSIENT_CANCELLATIONS = new Set([
  "TransactionConflict",
  "ThrottlingError",
  "ProvisionedThroughputExceeded",
]);

export function transact(build: Writer, attempts = 12): Promise<string[] | null> {
  return retry(
    async (attempt) => {
      const result = await Db.transaction.write(build).go();
      if (!result.canceled) return null;
      const codes = result.data.map((d: { code?: string }) => d.code ?? "None");
      const transient = codes.some((c) => TRANSIENT_CANCELLATIONS.has(c));
      const conditionFailed = codes.some((c) => c === "ConditionalCheckFailed");
      return transient && !conditionFailed && attempt < attempts ? AGAIN : codes;
    },
    { attempts, delayMs: backoff(10, 400), exhausted: () => new Error("transaction retries exhausted") },
  );
}

/** UTC day of a write, the sort key of DailyStatEntity. */
export const today = () => new Date().toISOString().slice(0, 10);
