import { emit, RefundCreated, type Publishable } from "../bus/events";
import { UnavailableError } from "../errors";
import { Integration } from "../integration/index";
import { readPayPal, unixOf } from "../membership/paypal";
import { startSaleId } from "../membership/paypal-sales";
import { paypalBilling } from "../paypal/billing";
import { PayPalRequestError, valueToCents, type WebhookEvent } from "../paypal/client";
import { purchaseById } from "../purchase/records";
import { ourRecord } from "./paypal-membership-events";

/**
 * A membership's charge refunded or reversed at PayPal (Payments v1 events about a
 * subscription's sale), as the same refund.created a one-time sale's capture gives
 * (./paypal-events.ts): the purchase that charge recorded is taken back once by Purchase.refund,
 * with its notice and outgoing webhook. A reversal (the buyer's bank took the money back) is
 * whole, as PAYMENT.CAPTURE.REVERSED is. The body only names the sale: the sale, its
 * subscription and Payloft's record of it are read back, so a forged-but-signed body changes nothing.
 * The purchase is the sale's own (a renewal, keyed by the sale's id), or the membership's first
 * one when the sale is the subscription's first. A renewal whose PAYMENT.SALE.COMPLETED has not
 * been recorded yet answers 503: PayPal delivers the refund again after the sale (out of order).
 */
const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const notFound = (err: unknown) => {
  if (err instanceof PayPalRequestError && err.status === 404) return null;
  throw err;
};

export async function translatePayPalSaleReversal(
  sellerId: string,
  event: WebhookEvent,
): Promise<Publishable[] | null> {
  const reversed = event.event_type === "PAYMENT.SALE.REVERSED";
  if (!reversed && event.event_type !== "PAYMENT.SALE.REFUNDED") return null;
  const saleId = str(event.resource.sale_id) ?? str(event.resource.id);
  const paypal = saleId ? await Integration.paypalFor(sellerId) : null;
  if (!saleId || !paypal) return [];
  const billing = paypalBilling(paypal.credentials);
  const sale = await billing.getSale(saleId).catch(notFound);
  // A sale that is no subscription's was not made by Payloft (its one-time sales are captures).
  if (!sale?.billing_agreement_id) return [];
  const read = await readPayPal(paypal.credentials, sale.billing_agreement_id).catch(notFound);
  const record = read && (await ourRecord(read.sub, sellerId));
  if (!read || !record) return [];
  const charge = await purchaseById(sale.id, { consistent: true });
  let purchaseKey: string;
  if (charge) {
    if (charge.membership_id !== read.sub.id || charge.creator_id !== sellerId) return [];
    purchaseKey = charge.id;
  } else if (sale.id === (await startSaleId(billing, read.sub, read.plan, sale.create_time))) {
    // The first purchase, recorded first if its start is late (Purchase.refund does that).
    purchaseKey = record.session_id;
  } else {
    throw new UnavailableError(
      "This refund's renewal is not recorded yet; PayPal will deliver it again.",
      "webhook.sale_not_recorded",
    );
  }
  const currency = sale.amount.currency;
  const amount = valueToCents(sale.amount.total, currency);
  const whole = reversed || sale.state === "refunded" || sale.state === "reversed";
  const part = event.resource.amount as { total?: unknown } | undefined;
  const refunded = str(part?.total) ? Math.abs(valueToCents(str(part?.total)!, currency)) : 0;
  return [
    emit(RefundCreated, {
      provider: "paypal",
      provider_event_id: event.id,
      occurred_at: unixOf(event.create_time),
      seller_id: sellerId,
      checkout_id: purchaseKey,
      payment_ref: sale.id,
      amount,
      amount_refunded: whole ? amount : Math.min(refunded, amount),
      currency: currency.toLowerCase(),
    }),
  ];
}
