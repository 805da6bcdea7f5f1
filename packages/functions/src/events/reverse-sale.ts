import { DisputeCreated, RefundCreated } from "@payloft/core/bus/events";
import { Purchase } from "@payloft/core/purchase/index";
import { subscriber } from "./subscriber";

/**
 * refund.created / dispute.created → the sale taken back (access revoked, figures reversed)
 * once; a dispute also tells the seller by e-mail once. Duplicates and late events are no-ops.
 */
export const handler = subscriber([RefundCreated, DisputeCreated], async (event) => {
  if (event.type === "refund.created") await Purchase.refund(event.properties);
  else await Purchase.dispute(event.properties);
});
