import type { BusEvent } from "@payloft/core/bus/index";
import { SaleEventTypes, type SaleEvent } from "@payloft/core/payment/sale-events";
import { fulfilCheckout, reverseCheckout } from "@payloft/core/purchase/paid";

/**
 * Sale events -> purchases: purchase.paid records the sale once (and sends the receipt once);
 * refund.created and dispute.created take it back. Idempotent; a throw makes the bus retry.
 */
export async function handler(event: BusEvent<SaleEvent["properties"]>) {
  switch (event["detail-type"]) {
    case SaleEventTypes.PurchasePaid:
      await fulfilCheckout(event.detail as Extract<SaleEvent, { type: "purchase.paid" }>["properties"]);
      return;
    case SaleEventTypes.RefundCreated:
    case SaleEventTypes.DisputeCreated:
      await reverseCheckout(
        event.detail as Extract<SaleEvent, { type: "refund.created" | "dispute.created" }>["properties"],
      );
      return;
  }
}
