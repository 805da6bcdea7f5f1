import type { EntityItem } from "electrodb";
import { LazyEntity, cfg, timestamps } from "./model";

/**
 * One use of a discount code taken by a checkout that is still open (discount/redeem.ts). It is
 * created in the same transaction that adds 1 to the code's `redemptions`, so the count already
 * includes it; when its checkout can no longer be paid and was not, it is deleted in the same
 * transaction that gives the use back.
 *
 * Keyed by code AND shard (a hex digit, discount/shards.ts): a launch's buyers each write a
 * reservation (and a hold) in every attempt, and one partition takes 1,000 write units a second
 * (docs/scale.md), so a code's reservations are spread over 16 partitions. A code's own
 * reservations (bounded by its limit) are read by querying the 16 shards.
 */
const attributes = {
  discount_id: { type: "string", required: true },
  id: { type: "string", required: true },
  /** The checkout (and so the purchase) id, once the provider gave one. */
  checkout_id: { type: "string" },
  /** The buyer address's hash whose DiscountHoldEntity counts this use while it is open. */
  holder: { type: "string" },
  /** ISO: from then on, a reservation whose checkout has no purchase can be given back. */
  releasable_after: { type: "string", required: true },
  ...timestamps,
} as const;

export const DiscountReservationEntity = new LazyEntity(
  {
    model: { entity: "discount_reservation", version: "2", service: "payloft" },
    attributes: {
      ...attributes,
      /** Which of the code's 16 partitions: the first hex digit of `id`. */
      shard: { type: "string", required: true },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["discount_id", "shard"], casing: "none" },
        sk: { field: "sk", composite: ["id"], casing: "none" },
      },
    },
  },
  cfg(),
);

/**
 * A reservation made before reservations were sharded: all of a code's in one partition. Still
 * read when uses are given back, and released or consumed by its checkout (whose record has no
 * `shard`); no new one is written.
 */
export const LegacyDiscountReservationEntity = new LazyEntity(
  {
    model: { entity: "discount_reservation", version: "1", service: "payloft" },
    attributes,
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["discount_id"], casing: "none" },
        sk: { field: "sk", composite: ["id"], casing: "none" },
      },
    },
  },
  cfg(),
);

export type DiscountReservationItem = EntityItem<typeof DiscountReservationEntity>;
