import { nextDue, runDue } from "./subscriptions";
import type { Merchant } from "./store";
import type { PayPal } from "./context";

/**
 * The sandbox's billing clock, as on the Stripe sandbox (POST /__sandbox/clock/advance
 * {"seconds": N} on its own origin): moving it forward runs, in time order, every cycle that
 * falls due on the way (a trial's end, a renewal, a retry of a failed payment, an expiry),
 * each at its own time, with the sales and signed events PayPal sends. Orders, tokens and
 * webhook signatures keep the wall clock.
 */
export const MAX_ADVANCE_SECONDS = 5 * 366 * 86_400;

export function advanceClock(pp: PayPal, seconds: number): { now: number } {
  const target = pp.store.billingNow() + seconds;
  // Bounded: a clock moved years ahead renews each monthly subscription once a month, no more.
  for (let step = 0; step < 10_000; step++) {
    let first: { m: Merchant; due: NonNullable<ReturnType<typeof nextDue>> } | undefined;
    for (const m of pp.store.merchants.values()) {
      const due = nextDue(m);
      if (due && (!first || due.at < first.due.at)) first = { m, due };
    }
    if (!first || first.due.at > target) break;
    pp.store.clockOffset = Math.max(pp.store.clockOffset, first.due.at - Math.floor(Date.now() / 1000));
    runDue(pp, first.m, first.due);
  }
  pp.store.clockOffset = target - Math.floor(Date.now() / 1000);
  pp.store.changed();
  return { now: pp.store.billingNow() };
}
