import { DisputeCreated, RefundCreated } from "@payloft/core/bus/events";
import { Purchase } from "@payloft/core/purchase/index";
import { subscriber } from "./subscriber";

/** refund.created (full) and dispute.created → the sale taken back and its figures reversed, once. */
export const handler = subscriber([RefundCreated, DisputeCreated], async (event) => {
  if (event.type === "dispute.created") await Purchase.dispute(event.properties);
  else await Purchase.refund(event.properties);
});
