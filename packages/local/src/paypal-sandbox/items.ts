import { invalidRequest, PayPalApiError } from "./errors";
import { AMOUNT_PATTERN, decimalsRefused, fromMinor, toMinor } from "./money";
import type { Json } from "./store";

/**
 * A purchase unit's `items`, as Orders v2 checks them: each a name (1–127 characters), a
 * quantity (a whole number as a string) and a `unit_amount` in the unit's currency; with items,
 * `amount.breakdown.item_total` is required and must equal the sum of unit_amount × quantity,
 * and the amount must equal its breakdown. PayPal answers those two with 422 and the issues
 * ITEM_TOTAL_REQUIRED, ITEM_TOTAL_MISMATCH and AMOUNT_MISMATCH; an item in another currency is
 * MULTI_CURRENCY_ORDER.
 */
const CATEGORIES = new Set(["DIGITAL_GOODS", "PHYSICAL_GOODS", "DONATION"]);
const BREAKDOWN_ADDS = ["item_total", "tax_total", "shipping", "handling", "insurance"];
const BREAKDOWN_SUBTRACTS = ["shipping_discount", "discount"];

const unprocessableAt = (issue: string, description: string, field: string) =>
  new PayPalApiError(
    422,
    "UNPROCESSABLE_ENTITY",
    "The requested action could not be performed, semantically incorrect, or failed business validation.",
    [{ issue, description, field, location: "body" }],
  );

/** The unit's items and breakdown as stored, or nothing when it has neither; throws PayPal's error otherwise. */
export function itemsOfUnit(u: Json, i: number, currency: string): { items?: Json[]; breakdown?: Json } {
  const at = `/purchase_units/@reference_id=='${u.reference_id ?? "default"}'`;
  const breakdown = u.amount?.breakdown;
  if (u.items === undefined && breakdown === undefined) return {};
  if (u.items !== undefined && !Array.isArray(u.items))
    throw invalidRequest("INVALID_PARAMETER_SYNTAX", "items must be an array.", `/purchase_units/${i}/items`);
  const items = ((u.items ?? []) as Json[]).map((item, j) => itemOf(item, `/purchase_units/${i}/items/${j}`, currency));
  const money = (field: string) => {
    const m = breakdown?.[field];
    if (m === undefined) return 0;
    if (typeof m?.value !== "string" || !AMOUNT_PATTERN.test(m.value))
      throw invalidRequest(
        "DECIMAL_PRECISION",
        "The value must have at most two decimals.",
        `${at}/amount/breakdown/${field}`,
      );
    if (m.currency_code !== currency)
      throw unprocessableAt(
        "CURRENCY_MISMATCH",
        "Currency code should be the same for all amounts.",
        `${at}/amount/breakdown/${field}`,
      );
    return toMinor(m.value, currency);
  };
  if (items.length && breakdown?.item_total === undefined)
    throw unprocessableAt(
      "ITEM_TOTAL_REQUIRED",
      "If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.",
      `${at}/amount/breakdown/item_total`,
    );
  const itemSum = items.reduce((s, it) => s + toMinor(it.unit_amount.value, currency) * Number(it.quantity), 0);
  if (items.length && money("item_total") !== itemSum)
    throw unprocessableAt(
      "ITEM_TOTAL_MISMATCH",
      "Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.",
      `${at}/amount/breakdown/item_total`,
    );
  if (breakdown !== undefined) {
    const total =
      BREAKDOWN_ADDS.reduce((s, f) => s + money(f), 0) - BREAKDOWN_SUBTRACTS.reduce((s, f) => s + money(f), 0);
    if (total !== toMinor(u.amount.value, currency))
      throw unprocessableAt(
        "AMOUNT_MISMATCH",
        "Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.",
        `${at}/amount/value`,
      );
  }
  return { ...(items.length ? { items } : {}), ...(breakdown ? { breakdown } : {}) };
}

function itemOf(item: Json, at: string, currency: string): Json {
  if (typeof item?.name !== "string" || item.name.length < 1 || item.name.length > 127)
    throw invalidRequest("INVALID_STRING_LENGTH", "The name must be 1 to 127 characters.", `${at}/name`);
  if (typeof item.quantity !== "string" || !/^\d{1,10}$/.test(item.quantity) || Number(item.quantity) < 1)
    throw invalidRequest(
      "INVALID_PARAMETER_SYNTAX",
      "The quantity must be a whole number as a string.",
      `${at}/quantity`,
    );
  const unit = item.unit_amount;
  if (typeof unit?.value !== "string" || !AMOUNT_PATTERN.test(unit.value))
    throw invalidRequest("DECIMAL_PRECISION", "The value must have at most two decimals.", `${at}/unit_amount/value`);
  if (decimalsRefused(unit.value, currency))
    throw invalidRequest("DECIMALS_NOT_SUPPORTED", "Currency does not support decimals.", `${at}/unit_amount/value`);
  if (unit.currency_code !== currency)
    throw unprocessableAt(
      "MULTI_CURRENCY_ORDER",
      "Multiple differing values of currency_code are not supported.",
      `${at}/unit_amount/currency_code`,
    );
  if (item.category !== undefined && !CATEGORIES.has(item.category))
    throw invalidRequest(
      "INVALID_PARAMETER_VALUE",
      "category must be DIGITAL_GOODS, PHYSICAL_GOODS or DONATION.",
      `${at}/category`,
    );
  return {
    name: item.name,
    quantity: item.quantity,
    unit_amount: { currency_code: currency, value: fromMinor(toMinor(unit.value, currency), currency) },
    ...(item.description ? { description: String(item.description).slice(0, 127) } : {}),
    ...(item.category ? { category: item.category } : {}),
    ...(item.sku ? { sku: String(item.sku).slice(0, 127) } : {}),
  };
}
