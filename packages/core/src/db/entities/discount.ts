import type { EntityItem } from "electrodb";
import { LazyEntity, cfg, timestamps } from "./model";

/**
 * A seller's discount code. Its code is unique within the seller through a UniqueEntity
 * claim (scope `discount-code#<creatorId>`, value = the code) written in the same
 * transaction, which is also how checkout finds a code. `redemptions` counts codes taken,
 * including checkouts still open (reservations), and only ever moves under a condition.
 * By creator (Discounts list): gsi1.
 */
export const DiscountEntity = new LazyEntity(
  {
    model: { entity: "discount", version: "1", service: "payloft" },
    attributes: {
      id: { type: "string", required: true },
      creator_id: { type: "string", required: true },
      /** Upper-case, as buyers may type it in any case. */
      code: { type: "string", required: true },
      /** 1–100; or amount_off */
      percent_off: { type: "number" },
      /** minor units of `currency` */
      amount_off: { type: "number" },
      /** An amount-off code's currency (lower-case ISO); absent: usd, from before codes had one. */
      currency: { type: "string" },
      /** Empty: every product of the seller. */
      product_ids: { type: "list", items: { type: "string" }, required: true, default: () => [] },
      max_redemptions: { type: "number" },
      redemptions: { type: "number", required: true, default: 0 },
      /**
       * ISO time after which the code no longer applies. Stored as `ends_at`: `expires_at` is the
       * table's TTL attribute, and a number there would have DynamoDB delete the code.
       */
      expires_at: { type: "string", field: "ends_at" },
      /** Where codes saved before the rename keep their end (a string, which TTL ignores): read, then moved on the next update. */
      legacy_expires_at: { type: "string", field: "expires_at" },
      /**
       * ISO time before which no reservation of this code can be given back (redeem.ts
       * giveBackExpired): a launch's buyers who find the code used up get their answer from
       * this item alone instead of each reading every reservation.
       */
      reclaim_after: { type: "string" },
      is_active: { type: "boolean", required: true, default: true },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["id"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
      byCreator: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["creator_id"], casing: "none" },
        sk: { field: "gsi1sk", composite: ["created_at"], casing: "none" },
      },
    },
  },
  cfg(),
);

export type DiscountItem = EntityItem<typeof DiscountEntity>;
