import type { EntityItem } from "electrodb";
import { LazyEntity, cfg, timestamps } from "./model";

/**
 * How many of a code's uses one buyer address holds in checkouts that are still open
 * (discount/redeem.ts): raised in the transaction that reserves a use, under the condition that
 * it stays within the limit, and lowered in the transaction that releases or consumes one. So a
 * person cannot hold a limited code's uses with unpaid checkouts, however fast they click. The
 * address is kept only as a hash (`holder`), salted with the code.
 *
 * Keyed by code and shard (the holder's first hex digit, so one address's hold is always the
 * same item), like the reservations and for the same reason: 16 partitions per code.
 */
const attributes = {
  discount_id: { type: "string", required: true },
  holder: { type: "string", required: true },
  open: { type: "number", required: true, default: 0 },
  ...timestamps,
} as const;

export const DiscountHoldEntity = new LazyEntity(
  {
    model: { entity: "discount_hold", version: "2", service: "payloft" },
    attributes: { ...attributes, shard: { type: "string", required: true } },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["discount_id", "shard"], casing: "none" },
        sk: { field: "sk", composite: ["holder"], casing: "none" },
      },
    },
  },
  cfg(),
);

/** A hold of reservations made before sharding (LegacyDiscountReservationEntity): only lowered now. */
export const LegacyDiscountHoldEntity = new LazyEntity(
  {
    model: { entity: "discount_hold", version: "1", service: "payloft" },
    attributes,
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["discount_id"], casing: "none" },
        sk: { field: "sk", composite: ["holder"], casing: "none" },
      },
    },
  },
  cfg(),
);

export type DiscountHoldItem = EntityItem<typeof DiscountHoldEntity>;
