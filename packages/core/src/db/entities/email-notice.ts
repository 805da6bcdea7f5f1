import type { EntityItem } from "electrodb";
import { LazyEntity, cfg } from "./model";

/**
 * A claim that an e-mail of one kind has been sent for one key, so it is sent at most once:
 * `recovery` for a buyer and product (a week, then `expires_at`, the table's TTL, lets the
 * next one through), `dunning` for a failed invoice, `claim` for a free claim's receipt (a day per
 * address and product, checkout/claim.ts), `membership` for a member's
 * payment-failed, canceled and ended e-mails (one per provider event; ended once per membership). Created with a conditional write before
 * sending, so a redelivered event or a racing duplicate finds the claim and sends nothing.
 */
export const EmailNoticeEntity = new LazyEntity(
  {
    model: { entity: "emailnotice", version: "1", service: "payloft" },
    attributes: {
      kind: { type: ["recovery", "dunning", "claim", "membership"] as const, required: true },
      key: { type: "string", required: true },
      /** What the e-mail was about (a checkout, an invoice): tells a redelivery from a new one. */
      ref: { type: "string", required: true },
      sent_at: { type: "string", required: true },
      /** Epoch seconds; the table's TTL. DynamoDB deletes late, so claims compare it too. */
      expires_at: { type: "number", required: true },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["kind", "key"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
    },
  },
  cfg(),
);

export type EmailNoticeItem = EntityItem<typeof EmailNoticeEntity>;
