import type { EntityItem } from "electrodb";
import { LazyEntity, cfg, timestamps } from "./model";

/**
 * One use of a discount code taken by a checkout that is still open (discount/redeem.ts). It is
 * created in the same transaction that adds 1 to the code's `redemptions`, so the count already
 * includes it; when its checkout can no longer be paid and was not, it is deleted in the same
 * transaction that gives the use back. Per code (Query by discount_id): only that code's own
 * reservations, bounded by its limit.
 */
export const DiscountReservationEntity = new LazyEntity(
  {
    model: { entity: "discount_reservation", version: "1", service: "payloft" },
    attributes: {
      discount_id: { type: "string", required: true },
      id: { type: "string", required: true },
      /** The checkout (and so the purchase) id, once the provider gave one. */
      checkout_id: { type: "string" },
      /** The buyer address's hash whose DiscountHoldEntity counts this use while it is open. */
      holder: { type: "string" },
      /** ISO: from then on, a reservation whose checkout has no purchase can be given back. */
      releasable_after: { type: "string", required: true },
      ...timestamps,
    },
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
