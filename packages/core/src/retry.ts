import { setTimeout as sleep } from "node:timers/promises";

/** Returned by a `retry` step to say "lost a race (or a transient fault): run me again". */
export const AGAIN: unique symbol = Symbol("again");

export interface RetryOptions {
  /** Runs at most this many times. */
  attempts: number;
  /** Wait before the next run; gets the attempt that just failed (1-based). Default: none. */
  delayMs?: (attempt: number) => number;
  /** A thrown error that is worth another run (e.g. a timeout); anything else is rethrown at once. */
  retryOn?: (err: unknown) => boolean;
  /** The error when every attempt asked for another run. */
  exhausted: () => Error;
}

/**
 * THE retry loop: optimistic writes (read, decide, conditional write, again on a race) and
 * calls to flaky neighbours both go through it, so attempts, backoff and the final error are
 * stated once per call site instead of re-implemented in a hand-written loop.
 */
export async function retry<T>(step: (attempt: number) => Promise<T | typeof AGAIN>, opts: RetryOptions): Promise<T> {
  for (let attempt = 1; attempt <= opts.attempts; attempt++) {
    try {
      const out = await step(attempt);
      if (out !== AGAIN) return out;
    } catch (err) {
      if (!opts.retryOn?.(err) || attempt === opts.attempts) throw err;
    }
    if (attempt < opts.attempts && opts.delayMs) await sleep(opts.delayMs(attempt));
  }
  throw opts.exhausted();
}

/**
 * Exponential backoff with jitter (each wait between half and all of base·2^(attempt−1), at
 * most `capMs`), the shape AWS recommends for throttling and contention: losers of a race spread
 * out instead of colliding again in lockstep, and a hot item gets room to drain.
 */
export const backoff =
  (baseMs: number, capMs: number) =>
  (attempt: number): number => {
    const ceiling = Math.min(capMs, baseMs * 2 ** (attempt - 1));
    return ceiling / 2 + (Math.random() * ceiling) / 2;
  };

/** Jittered backoff that grows with the attempt, so racing losers do not collide again in lockstep. */
export const jitter =
  (baseMs: number, spreadMs: number) =>
  (attempt: number): number =>
    baseMs + Math.random() * spreadMs * attempt;
