import type { Attribution } from "./source";

/**
 * The items one visit, or one sale attributed to it, is counted on: one per dimension of the
 * traffic report, under the seller's scope. Plain data (no zod, no I/O): the sales ledger
 * imports it to write a sale's traffic figures in the purchase's own transaction.
 */
export const trafficScope = (creatorId: string) => `creator#${creatorId}`;

export const dimensionsOf = (a: Attribution) =>
  [
    ["source", a.source],
    ["referrer", a.referrer],
    ["campaign", a.campaign],
  ] as const;
