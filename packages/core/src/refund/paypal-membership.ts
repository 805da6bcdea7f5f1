import { randomUUID } from "node:crypto";
import { ConflictError } from "../errors";
import { Integration } from "../integration/index";
import { readPayPal } from "../membership/paypal";
import { startSaleId } from "../membership/paypal-sales";
import { paypalBilling } from "../paypal/billing";
import { PayPalRequestError, valueToCents } from "../paypal/client";
import {
  asProviderError,
  NOT_CONNECTED,
  nowSeconds,
  REFUSED,
  type RefundableSale,
  type RefundFacts,
} from "./providers";

/**
 * PayPal, a membership's charge: its money is a Subscriptions v1 sale, refunded with Payments
 * v1 (POST /v1/payments/sale/{id}/refund, an empty body for the whole sale), then the sale is
 * read back, as refundAtPayPal does with a capture. A renewal's purchase keeps its sale's id;
 * the first purchase's sale is the subscription's first (none when it started with a free
 * trial: nothing was charged). "Already refunded" is not an error: the read-back says so.
 */
const NOTHING_CHARGED = () =>
  new ConflictError(
    "sale.free",
    "Nothing was charged for this sale (the membership started with a free trial): there is no payment to refund.",
  );

export async function refundMembershipSaleAtPayPal(
  sale: RefundableSale & { membership_id: string },
): Promise<RefundFacts> {
  const paypal = await Integration.paypalFor(sale.creator_id);
  if (!paypal) throw NOT_CONNECTED("PayPal");
  const billing = paypalBilling(paypal.credentials);
  try {
    let saleId = sale.payment_intent;
    if (!saleId) {
      const { sub, plan } = await readPayPal(paypal.credentials, sale.membership_id);
      saleId = await startSaleId(billing, sub, plan, undefined);
      if (!saleId) throw NOTHING_CHARGED();
    }
    let refund: { id: string; state: string } | null = null;
    try {
      refund = await billing.refundSale(saleId, `refund-${sale.id}-${randomUUID()}`);
    } catch (err) {
      if (!(err instanceof PayPalRequestError && err.errorName === "TRANSACTION_ALREADY_REFUNDED")) throw err;
    }
    if (refund && (refund.state === "failed" || refund.state === "cancelled")) throw REFUSED("PayPal", refund.state);
    const after = await billing.getSale(saleId);
    if (after.billing_agreement_id !== sale.membership_id)
      throw REFUSED("PayPal", "this sale's payment belongs to another subscription.");
    const amount = valueToCents(after.amount.total, after.amount.currency);
    return {
      provider: "paypal",
      provider_event_id: refund?.id ?? `refund-readback-${saleId}`,
      occurred_at: nowSeconds(),
      seller_id: sale.creator_id,
      checkout_id: sale.id,
      payment_ref: saleId,
      amount,
      // As the webhook translator reads it: only a sale PayPal calls refunded (or reversed) is whole.
      amount_refunded: after.state === "refunded" || after.state === "reversed" ? amount : 0,
      currency: after.amount.currency.toLowerCase(),
    };
  } catch (err) {
    throw asProviderError("PayPal", sale.id, err, (e) =>
      e instanceof PayPalRequestError && !e.isUnavailable && !e.isAuthFailure ? e.message : null,
    );
  }
}
