import { decimalsOf } from "@payloft/core/currency/units";
import { invalidRequest, unprocessable } from "./errors";
import { itemsOfUnit } from "./items";
import { AMOUNT_PATTERN as AMOUNT, decimalsRefused, fromMinor, toMinor } from "./money";
import { isoNow, paypalId, present, type Merchant, type PayPalObject, type Json } from "./store";
import type { PayPal } from "./context";

/** The amount helpers, where the sandbox's other modules have always found them. */
export { AMOUNT_PATTERN, decimalsRefused, fromMinor, toMinor } from "./money";

/** Orders v2 and Payments v2 as the product uses them: create, approve (the hosted page), capture, refund. */
const isHttpUrl = (v: unknown) => {
  try {
    return typeof v === "string" && /^https?:$/.test(new URL(v).protocol);
  } catch {
    return false;
  }
};
/** The fixed part of the sandbox's fee, in minor units: 49 cents, or ¥40 where there are no cents. */
const fixedFee = (currency: string) => (decimalsOf(currency) === 0 ? 40 : 49);

export function createOrder(pp: PayPal, m: Merchant, body: Json): PayPalObject {
  if (body.intent !== "CAPTURE") {
    throw invalidRequest(
      body.intent === "AUTHORIZE" ? "INTENT_NOT_SUPPORTED" : "INVALID_PARAMETER_VALUE",
      "This sandbox implements intent CAPTURE only.",
      "/intent",
    );
  }
  const units = body.purchase_units;
  if (!Array.isArray(units) || units.length === 0)
    throw invalidRequest("MISSING_REQUIRED_PARAMETER", "A required field / parameter is missing.", "/purchase_units");
  const purchaseUnits = units.map((u: Json, i: number) => {
    const amount = u?.amount ?? {};
    if (typeof amount.currency_code !== "string" || !/^[A-Z]{3}$/.test(amount.currency_code))
      throw invalidRequest(
        "INVALID_PARAMETER_VALUE",
        "Currency code must be 3 upper-case letters.",
        `/purchase_units/${i}/amount/currency_code`,
      );
    if (
      typeof amount.value !== "string" ||
      !AMOUNT.test(amount.value) ||
      toMinor(amount.value, amount.currency_code) <= 0
    )
      throw invalidRequest(
        "DECIMAL_PRECISION",
        "The value must be a positive amount with at most two decimals.",
        `/purchase_units/${i}/amount/value`,
      );
    if (decimalsRefused(amount.value, amount.currency_code))
      throw invalidRequest(
        "DECIMALS_NOT_SUPPORTED",
        "Currency does not support decimals.",
        `/purchase_units/${i}/amount/value`,
      );
    for (const f of ["custom_id", "invoice_id"]) {
      if (u[f] !== undefined && (typeof u[f] !== "string" || u[f].length > 127))
        throw invalidRequest(
          "INVALID_STRING_MAX_LENGTH",
          `${f} is at most 127 characters.`,
          `/purchase_units/${i}/${f}`,
        );
    }
    const { items, breakdown } = itemsOfUnit(u, i, amount.currency_code);
    return {
      reference_id: u.reference_id ?? "default",
      amount: { currency_code: amount.currency_code, value: amount.value, ...(breakdown ? { breakdown } : {}) },
      ...(items ? { items } : {}),
      payee: { email_address: m.email, merchant_id: m.merchant_id },
      ...(u.description ? { description: String(u.description).slice(0, 127) } : {}),
      ...(u.custom_id ? { custom_id: u.custom_id } : {}),
      ...(u.invoice_id ? { invoice_id: u.invoice_id } : {}),
    };
  });
  const paypalSource = body.payment_source?.paypal;
  const ctx = paypalSource?.experience_context ?? body.application_context ?? {};
  for (const f of ["return_url", "cancel_url"]) {
    if (ctx[f] !== undefined && !isHttpUrl(ctx[f]))
      throw invalidRequest("INVALID_PARAMETER_SYNTAX", `${f} must be a URL.`, f);
  }
  const id = paypalId(17);
  const now = isoNow();
  const approve = `${pp.baseUrl}/checkoutnow?token=${id}`;
  return (m.orders[id] = {
    id,
    intent: "CAPTURE",
    // With a PayPal payment source the buyer must act first; without one, the order is CREATED.
    status: paypalSource ? "PAYER_ACTION_REQUIRED" : "CREATED",
    purchase_units: purchaseUnits,
    create_time: now,
    update_time: now,
    links: [
      { href: `${pp.baseUrl}/v2/checkout/orders/${id}`, rel: "self", method: "GET" },
      { href: approve, rel: paypalSource ? "payer-action" : "approve", method: "GET" },
      { href: `${pp.baseUrl}/v2/checkout/orders/${id}`, rel: "update", method: "PATCH" },
      { href: `${pp.baseUrl}/v2/checkout/orders/${id}/capture`, rel: "capture", method: "POST" },
    ],
    _return_url: ctx.return_url ?? null,
    _cancel_url: ctx.cancel_url ?? null,
    _brand_name: ctx.brand_name ?? null,
    _payer_email: paypalSource?.email_address ?? null,
  });
}

/** The hosted page's approve button: the buyer's PayPal account approves the order. */
export function approveOrder(pp: PayPal, m: Merchant, order: PayPalObject, email: string) {
  if (order.status !== "CREATED" && order.status !== "PAYER_ACTION_REQUIRED")
    throw unprocessable("ORDER_CANNOT_BE_APPROVED", `This order is ${order.status.toLowerCase()}.`);
  const [given, ...rest] = email.split("@")[0]!.split(/[._-]/);
  order.status = "APPROVED";
  order.update_time = isoNow();
  order.payer = {
    name: { given_name: cap(given || "Sandbox"), surname: cap(rest.join(" ") || "Buyer") },
    email_address: email,
    payer_id: paypalId(13),
    address: { country_code: "US" },
  };
  order.payment_source = {
    paypal: { email_address: email, account_id: order.payer.payer_id, account_status: "VERIFIED" },
  };
  pp.store.changed();
  pp.events.emit(m, "CHECKOUT.ORDER.APPROVED", order);
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** POST /v2/checkout/orders/:id/capture */
export function captureOrder(pp: PayPal, m: Merchant, order: PayPalObject): PayPalObject {
  if (order.status === "COMPLETED") throw unprocessable("ORDER_ALREADY_CAPTURED", "Order already captured.");
  if (order.status !== "APPROVED")
    throw unprocessable("ORDER_NOT_APPROVED", "Payer has not yet approved the Order for payment.");
  for (const unit of order.purchase_units) {
    const dup = unit.invoice_id && Object.values(m.captures).some((c) => c.invoice_id === unit.invoice_id);
    if (dup) throw unprocessable("DUPLICATE_INVOICE_ID", "Duplicate Invoice ID detected.");
  }
  const now = isoNow();
  for (const unit of order.purchase_units) {
    const id = paypalId(17);
    const currency = unit.amount.currency_code;
    const minor = toMinor(unit.amount.value, currency);
    const fee = Math.round(minor * 0.0349) + fixedFee(currency);
    const capture: PayPalObject = {
      id,
      status: "COMPLETED",
      amount: unit.amount,
      final_capture: true,
      seller_protection: { status: "ELIGIBLE", dispute_categories: ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"] },
      seller_receivable_breakdown: {
        gross_amount: unit.amount,
        paypal_fee: { currency_code: currency, value: fromMinor(fee, currency) },
        net_amount: { currency_code: currency, value: fromMinor(minor - fee, currency) },
      },
      ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
      ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
      links: [
        { href: `${pp.baseUrl}/v2/payments/captures/${id}`, rel: "self", method: "GET" },
        { href: `${pp.baseUrl}/v2/payments/captures/${id}/refund`, rel: "refund", method: "POST" },
        { href: `${pp.baseUrl}/v2/checkout/orders/${order.id}`, rel: "up", method: "GET" },
      ],
      supplementary_data: { related_ids: { order_id: order.id } },
      create_time: now,
      update_time: now,
      _refunded_cents: 0,
    };
    m.captures[id] = capture;
    unit.payments = { captures: [present(capture)] };
  }
  order.status = "COMPLETED";
  order.update_time = now;
  pp.store.changed();
  for (const unit of order.purchase_units)
    pp.events.emit(m, "PAYMENT.CAPTURE.COMPLETED", m.captures[unit.payments.captures[0].id]!);
  pp.events.emit(m, "CHECKOUT.ORDER.COMPLETED", order);
  return order;
}

/**
 * What PayPal does to an order that can no longer be paid (its approval lapsed, the payer
 * action was abandoned): VOIDED, with CHECKOUT.ORDER.VOIDED to the merchant's webhooks. The
 * sandbox's helper POST /__sandbox/orders/:id/void stands in for PayPal's own timing.
 */
export function voidOrder(pp: PayPal, m: Merchant, order: PayPalObject): PayPalObject {
  if (order.status === "COMPLETED") throw unprocessable("ORDER_ALREADY_CAPTURED", "Order already captured.");
  if (order.status === "VOIDED") return order;
  order.status = "VOIDED";
  order.update_time = isoNow();
  pp.store.changed();
  pp.events.emit(m, "CHECKOUT.ORDER.VOIDED", order);
  return order;
}
