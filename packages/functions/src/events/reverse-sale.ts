import { RefundCreated } from "@payloft/core/bus/events";
import { Purchase } from "@payloft/core/purchase/index";
import { subscriber } from "./subscriber";

/** refund.created → the sale refunded and its figures reversed, once. */
export const handler = subscriber([RefundCreated], async (event) => {
  await Purchase.refund(event.properties);
});
