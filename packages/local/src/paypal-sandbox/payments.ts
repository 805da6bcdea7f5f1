import { invalidRequest, notFound, unprocessable } from "./errors";
import { AMOUNT_PATTERN as AMOUNT, decimalsRefused, fromMinor, toMinor } from "./money";
import { isoNow, paypalId, type Merchant, type PayPalObject, type Json } from "./store";
import type { PayPal } from "./context";

/** Payments v2 after the capture: refunds, and disputes (which buyers open; PayPal has no API for that). */
/** POST /v2/payments/captures/:id/refund (no amount = the whole remainder). */
export function refundCapture(pp: PayPal, m: Merchant, captureId: string, body: Json = {}): PayPalObject {
  const capture = m.captures[captureId];
  if (!capture) throw notFound();
  const currency: string = capture.amount.currency_code;
  const total = toMinor(capture.amount.value, currency);
  const left = total - capture._refunded_cents;
  if (left <= 0) throw unprocessable("CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded.");
  let cents = left;
  if (body.amount !== undefined) {
    if (
      typeof body.amount?.value !== "string" ||
      !AMOUNT.test(body.amount.value) ||
      toMinor(body.amount.value, currency) <= 0
    )
      throw invalidRequest(
        "DECIMAL_PRECISION",
        "The refund amount must be positive with at most two decimals.",
        "/amount/value",
      );
    if (decimalsRefused(body.amount.value, currency))
      throw invalidRequest("DECIMALS_NOT_SUPPORTED", "Currency does not support decimals.", "/amount/value");
    if (body.amount.currency_code !== capture.amount.currency_code)
      throw unprocessable("REFUND_CURRENCY_MISMATCH", "Refund must be in the currency of the capture.");
    cents = toMinor(body.amount.value, currency);
    if (cents > left)
      throw unprocessable(
        "REFUND_AMOUNT_EXCEEDED",
        "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
      );
  }
  const id = paypalId(17);
  const now = isoNow();
  const refund: PayPalObject = {
    id,
    status: "COMPLETED",
    amount: { currency_code: capture.amount.currency_code, value: fromMinor(cents, currency) },
    ...(body.invoice_id ? { invoice_id: String(body.invoice_id) } : {}),
    ...(body.custom_id ? { custom_id: String(body.custom_id) } : {}),
    ...(body.note_to_payer ? { note_to_payer: String(body.note_to_payer) } : {}),
    create_time: now,
    update_time: now,
    links: [
      { href: `${pp.baseUrl}/v2/payments/refunds/${id}`, rel: "self", method: "GET" },
      { href: `${pp.baseUrl}/v2/payments/captures/${captureId}`, rel: "up", method: "GET" },
    ],
  };
  m.refunds[id] = refund;
  capture._refunded_cents += cents;
  capture.status = capture._refunded_cents >= total ? "REFUNDED" : "PARTIALLY_REFUNDED";
  capture.update_time = now;
  pp.store.changed();
  pp.events.emit(m, "PAYMENT.CAPTURE.REFUNDED", refund);
  return refund;
}

/** A buyer opens a dispute (PayPal has no API for that: the sandbox's events page does it). */
export function openDispute(pp: PayPal, m: Merchant, capture: PayPalObject): PayPalObject {
  const now = isoNow();
  const id = paypalId(10, "PP-D-");
  const dispute: PayPalObject = {
    id,
    dispute_id: id,
    create_time: now,
    update_time: now,
    disputed_transactions: [
      {
        seller_transaction_id: capture.id,
        seller: { merchant_id: m.merchant_id, email: m.email },
        ...(capture.invoice_id ? { invoice_number: capture.invoice_id } : {}),
        ...(capture.custom_id ? { custom: capture.custom_id } : {}),
        gross_amount: capture.amount,
      },
    ],
    reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
    status: "OPEN",
    dispute_amount: capture.amount,
    dispute_life_cycle_stage: "INQUIRY",
    dispute_channel: "INTERNAL",
    links: [{ href: `${pp.baseUrl}/v1/customer/disputes/${id}`, rel: "self", method: "GET" }],
  };
  // The dispute object has no "id" at PayPal (only dispute_id); the event carries it as is.
  const { id: _drop, ...resource } = dispute;
  void _drop;
  pp.events.emit(m, "CUSTOMER.DISPUTE.CREATED", resource as PayPalObject);
  return dispute;
}
