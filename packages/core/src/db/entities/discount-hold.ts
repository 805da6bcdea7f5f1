import type { EntityItem } from "electrodb";
import { LazyEntity, cfg, timestamps } from "./model";

/**
 * How many of a code's uses one buyer address holds in checkouts that are still open
 * (discount/redeem.ts): raised in the transaction that reserves a use, under the condition that
 * it stays within the limit, and lowered in the transaction that releases or consumes one. So a
 * person cannot hold a limited code's uses with unpaid checkouts, however fast they click. The
 * address is kept only as a hash (`holder`), salted with the code.
 */
export const DiscountHoldEntity = new LazyEntity(
  {
    model: { entity: "discount_hold", version: "1", service: "payloft" },
    attributes: {
      discount_id: { type: "string", required: true },
      holder: { type: "string", required: true },
      open: { type: "number", required: true, default: 0 },
      ...timestamps,
    },
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
