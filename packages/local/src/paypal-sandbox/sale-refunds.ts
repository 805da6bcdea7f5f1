import { invalidRequest, notFound, PayPalApiError } from "./errors";
import { AMOUNT_PATTERN as AMOUNT, decimalsRefused, fromMinor, toMinor } from "./money";
import { paypalId, type Json, type Merchant, type PayPalObject } from "./store";
import type { PayPal } from "./context";

/**
 * A subscription's sales after the charge (Payments v1, which Subscriptions v1 sales live in):
 * POST /v1/payments/sale/:id/refund (an empty body refunds what is left, an `amount`
 * {total, currency} part of it), GET /v1/payments/refund/:id, and a buyer's chargeback, which
 * PayPal has no API for (the sandbox's events page does it). v1 answers its own error names.
 * Refunds run on the billing clock, so they come after the sale they refund.
 */
const v1Error = (status: number, name: string, message: string) => new PayPalApiError(status, name, message);

/** The sale's amount in minor units, and what is left to refund. */
function remaining(sale: PayPalObject) {
  const currency: string = sale.amount.currency;
  const total = toMinor(sale.amount.total, currency);
  return { currency, total, left: total - (sale._refunded_cents ?? 0) };
}

export function refundSale(pp: PayPal, m: Merchant, saleId: string, body: Json = {}): PayPalObject {
  const sale = m.sales[saleId];
  if (!sale) throw notFound("The requested resource ID was not found.");
  if (sale.state === "reversed")
    throw v1Error(400, "TRANSACTION_REFUSED", "The request was refused: this sale was reversed.");
  const { currency, total, left } = remaining(sale);
  if (left <= 0) throw v1Error(400, "TRANSACTION_ALREADY_REFUNDED", "Requested resource ID was already refunded.");
  let cents = left;
  if (body.amount !== undefined) {
    const total = body.amount?.total;
    if (typeof total !== "string" || !AMOUNT.test(total) || toMinor(total, currency) <= 0)
      throw invalidRequest("VALIDATION_ERROR", "Amount must be positive with at most two decimals.", "amount.total");
    if (decimalsRefused(total, currency))
      throw invalidRequest("VALIDATION_ERROR", "Currency does not support decimals.", "amount.total");
    if (body.amount.currency !== currency)
      throw v1Error(400, "CURRENCY_MISMATCH", "Refund must be in the currency of the sale.");
    cents = toMinor(total, currency);
    if (cents > left)
      throw v1Error(400, "REFUND_EXCEEDED_TRANSACTION_AMOUNT", "Refund amount exceeded transaction amount.");
  }
  const refund = record(pp, m, sale, cents, "completed");
  sale._refunded_cents = (sale._refunded_cents ?? 0) + cents;
  sale.state = sale._refunded_cents >= total ? "refunded" : "partially_refunded";
  sale.update_time = refund.create_time;
  pp.store.changed();
  pp.events.emit(m, "PAYMENT.SALE.REFUNDED", refund);
  return refund;
}

/** The buyer's bank takes the money back (a chargeback): the sale is reversed whole. */
export function reverseSale(pp: PayPal, m: Merchant, saleId: string): PayPalObject {
  const sale = m.sales[saleId];
  if (!sale) throw notFound("The requested resource ID was not found.");
  const { left } = remaining(sale);
  if (sale.state === "reversed" || left <= 0)
    throw v1Error(400, "TRANSACTION_REFUSED", "The request was refused: nothing is left of this sale to reverse.");
  const reversal = record(pp, m, sale, left, "completed");
  reversal.reason_code = "CHARGEBACK";
  sale._refunded_cents = (sale._refunded_cents ?? 0) + left;
  sale.state = "reversed";
  sale.reason_code = "CHARGEBACK";
  sale.update_time = reversal.create_time;
  pp.store.changed();
  pp.events.emit(m, "PAYMENT.SALE.REVERSED", reversal);
  return reversal;
}

function record(pp: PayPal, m: Merchant, sale: PayPalObject, cents: number, state: string): PayPalObject {
  const id = paypalId(17);
  const now = pp.store.billingIso();
  const refund: PayPalObject = {
    id,
    state,
    amount: { total: fromMinor(cents, sale.amount.currency), currency: sale.amount.currency },
    sale_id: sale.id,
    ...(sale.billing_agreement_id ? { billing_agreement_id: sale.billing_agreement_id } : {}),
    ...(sale.custom ? { custom: sale.custom } : {}),
    create_time: now,
    update_time: now,
    links: [
      { href: `${pp.baseUrl}/v1/payments/refund/${id}`, rel: "self", method: "GET" },
      { href: `${pp.baseUrl}/v1/payments/sale/${sale.id}`, rel: "sale", method: "GET" },
    ],
  };
  m.refunds[id] = refund;
  return refund;
}

/** GET /v1/payments/refund/:id (a sale's refund; v2's refunds are /v2/payments/refunds). */
export function showSaleRefund(m: Merchant, refundId: string): PayPalObject {
  const refund = m.refunds[refundId];
  if (!refund || !refund.sale_id) throw notFound("The requested resource ID was not found.");
  return refund;
}

export const findSale = (merchants: Iterable<Merchant>, id: string) => {
  for (const m of merchants) if (m.sales[id]) return { merchant: m, sale: m.sales[id]! };
  return undefined;
};
