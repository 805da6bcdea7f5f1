import { invalidRequest, notFound, PayPalApiError, unprocessable } from "./errors";
import { AMOUNT_PATTERN, decimalsRefused, toMinor } from "./orders";
import { paypalId, type Json, type Merchant, type PayPalObject } from "./store";
import type { PayPal } from "./context";

/**
 * Catalog Products API v1 and the plans of Subscriptions API v1, as strict as PayPal's: a
 * product's type is PHYSICAL, DIGITAL or SERVICE and its id (when the caller gives one) 6–50
 * characters, unique per app; a plan names a product of the same app, has at most one trial
 * cycle before its regular one (12 cycles at most), prices as strings in the currency's digits,
 * and only CREATED or ACTIVE plans are updated. A plan is ACTIVE unless created as CREATED.
 */
const PRODUCT_TYPES = new Set(["PHYSICAL", "DIGITAL", "SERVICE"]);
const UNITS: Record<string, number> = { DAY: 365, WEEK: 52, MONTH: 12, YEAR: 1 };
const links = (pp: PayPal, path: string, id: string) => [
  { href: `${pp.baseUrl}${path}/${id}`, rel: "self", method: "GET" },
  { href: `${pp.baseUrl}${path}/${id}`, rel: "edit", method: "PATCH" },
];

export function createProduct(pp: PayPal, m: Merchant, body: Json): PayPalObject {
  if (typeof body.name !== "string" || !body.name.trim() || body.name.length > 127)
    throw invalidRequest("INVALID_PARAMETER_SYNTAX", "name is required, 1 to 127 characters.", "/name");
  const type = body.type ?? "PHYSICAL";
  if (!PRODUCT_TYPES.has(type))
    throw invalidRequest("INVALID_PARAMETER_VALUE", "type must be PHYSICAL, DIGITAL or SERVICE.", "/type");
  if (body.id !== undefined && (typeof body.id !== "string" || !/^[A-Za-z0-9_-]{6,50}$/.test(body.id)))
    throw invalidRequest("INVALID_PARAMETER_SYNTAX", "id is 6 to 50 characters.", "/id");
  if (body.description !== undefined && (typeof body.description !== "string" || body.description.length > 256))
    throw invalidRequest("INVALID_STRING_MAX_LENGTH", "description is at most 256 characters.", "/description");
  const id = body.id ?? paypalId(15, "PROD-");
  if (m.products[id]) throw unprocessable("DUPLICATE_RESOURCE_IDENTIFIER", "The product id is already in use.");
  const now = pp.store.billingIso();
  m.products[id] = {
    id,
    name: body.name,
    type,
    ...(body.description ? { description: body.description } : {}),
    ...(body.category ? { category: body.category } : {}),
    create_time: now,
    update_time: now,
    links: links(pp, "/v1/catalogs/products", id),
  };
  pp.store.changed();
  return m.products[id]!;
}

/** JSON Patch, as PayPal takes it: only `replace`/`add`/`remove` on the listed paths, others 422. */
export function patchObject(o: PayPalObject, body: unknown, allowed: readonly string[]) {
  if (!Array.isArray(body) || body.length === 0)
    throw invalidRequest("MALFORMED_REQUEST_JSON", "The request is a JSON Patch array.");
  for (const op of body as Json[]) {
    const path = String(op?.path ?? "").replace(/^\//, "");
    if (!allowed.includes(path) || !["replace", "add", "remove"].includes(op.op))
      throw unprocessable("UNSUPPORTED_PATCH_OPERATION", `The operation ${op?.op} on ${op?.path} is not supported.`);
  }
  for (const op of body as Json[]) {
    const path = String(op.path).replace(/^\//, "");
    if (op.op === "remove") delete o[path];
    else o[path] = op.value;
  }
}

export const PRODUCT_PATCHABLE = ["description", "category", "image_url", "home_url"] as const;
export const PLAN_PATCHABLE = ["description", "name"] as const;

function cycleOf(c: Json, i: number, currency: { code?: string }): Json {
  const at = `/billing_cycles/${i}`;
  const unit = c?.frequency?.interval_unit;
  const count = c?.frequency?.interval_count ?? 1;
  if (!UNITS[unit]) throw invalidRequest("INVALID_PARAMETER_VALUE", "interval_unit is DAY, WEEK, MONTH or YEAR.", at);
  if (!Number.isInteger(count) || count < 1 || count > UNITS[unit]!)
    throw invalidRequest("INVALID_INTERVAL_COUNT", `interval_count for ${unit} is 1 to ${UNITS[unit]}.`, at);
  if (c.tenure_type !== "TRIAL" && c.tenure_type !== "REGULAR")
    throw invalidRequest("INVALID_PARAMETER_VALUE", "tenure_type is TRIAL or REGULAR.", at);
  const total = c.total_cycles ?? 1;
  if (!Number.isInteger(total) || total < 0 || total > 999)
    throw invalidRequest("INVALID_PARAMETER_VALUE", "total_cycles is 0 (infinite) to 999.", at);
  if (c.tenure_type === "TRIAL" && total === 0)
    throw unprocessable("INVALID_TRIAL_BILLING_TOTAL_CYCLES", "A trial cycle cannot be infinite.");
  const price = c.pricing_scheme?.fixed_price;
  if (price) {
    if (typeof price.value !== "string" || !AMOUNT_PATTERN.test(price.value))
      throw invalidRequest("INVALID_PARAMETER_SYNTAX", "fixed_price.value is a decimal string.", at);
    if (typeof price.currency_code !== "string" || !/^[A-Z]{3}$/.test(price.currency_code))
      throw invalidRequest("INVALID_PARAMETER_VALUE", "currency_code is 3 upper-case letters.", at);
    if (decimalsRefused(price.value, price.currency_code))
      throw invalidRequest("DECIMALS_NOT_SUPPORTED", "Currency does not support decimals.", at);
    if (currency.code && currency.code !== price.currency_code)
      throw unprocessable("CURRENCY_MISMATCH", "Every billing cycle of a plan is in one currency.");
    currency.code = price.currency_code;
  } else if (c.tenure_type === "REGULAR") {
    throw invalidRequest("MISSING_REQUIRED_PARAMETER", "A regular cycle needs pricing_scheme.fixed_price.", at);
  }
  return {
    tenure_type: c.tenure_type,
    sequence: c.sequence,
    total_cycles: total,
    frequency: { interval_unit: unit, interval_count: count },
    ...(price
      ? { pricing_scheme: { version: 1, fixed_price: { value: price.value, currency_code: price.currency_code } } }
      : {}),
  };
}

export function createPlan(pp: PayPal, m: Merchant, body: Json): PayPalObject {
  if (typeof body.product_id !== "string" || !m.products[body.product_id])
    throw unprocessable("INVALID_PRODUCT_ID", "The product id is not valid for this app.");
  if (typeof body.name !== "string" || !body.name.trim() || body.name.length > 127)
    throw invalidRequest("INVALID_PARAMETER_SYNTAX", "name is required, 1 to 127 characters.", "/name");
  const raw = body.billing_cycles;
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 12)
    throw invalidRequest("MISSING_REQUIRED_PARAMETER", "billing_cycles holds 1 to 12 cycles.", "/billing_cycles");
  const currency: { code?: string } = {};
  const cycles = raw.map((c: Json, i: number) => cycleOf(c, i, currency));
  const sequences = cycles.map((c) => c.sequence);
  if (sequences.some((s, i) => s !== i + 1))
    throw unprocessable("INVALID_BILLING_CYCLE_SEQUENCE", "Billing cycle sequences are 1, 2, … in order.");
  const regular = cycles.findIndex((c) => c.tenure_type === "REGULAR");
  if (regular !== cycles.length - 1 || cycles.slice(0, regular).some((c) => c.tenure_type !== "TRIAL"))
    throw unprocessable("INVALID_BILLING_CYCLE_SEQUENCE", "Trial cycles come first and one regular cycle last.");
  if (regular > 2) throw unprocessable("TRIAL_BILLING_CYCLES_EXCEEDED", "A plan has at most two trial cycles.");
  const status = body.status ?? "ACTIVE";
  if (status !== "CREATED" && status !== "ACTIVE")
    throw invalidRequest("INVALID_PARAMETER_VALUE", "status is CREATED or ACTIVE.", "/status");
  const prefs = body.payment_preferences ?? {};
  const threshold = prefs.payment_failure_threshold ?? 0;
  if (!Number.isInteger(threshold) || threshold < 0 || threshold > 999)
    throw invalidRequest("INVALID_PARAMETER_VALUE", "payment_failure_threshold is 0 to 999.", "/payment_preferences");
  const id = paypalId(24, "P-");
  const now = pp.store.billingIso();
  m.plans[id] = {
    id,
    product_id: body.product_id,
    name: body.name,
    status,
    ...(body.description ? { description: String(body.description).slice(0, 127) } : {}),
    usage_type: "LICENSED",
    billing_cycles: cycles,
    payment_preferences: {
      service_type: "PREPAID",
      auto_bill_outstanding: prefs.auto_bill_outstanding ?? true,
      setup_fee_failure_action: prefs.setup_fee_failure_action ?? "CANCEL",
      payment_failure_threshold: threshold,
    },
    quantity_supported: false,
    create_time: now,
    update_time: now,
    links: links(pp, "/v1/billing/plans", id),
  };
  pp.store.changed();
  return m.plans[id]!;
}

/** GET /v1/billing/plans?product_id=&page_size=&page= (page_size 1–20, as PayPal). */
export function listPlans(m: Merchant, query: URLSearchParams) {
  const size = Number(query.get("page_size") ?? 10);
  const page = Number(query.get("page") ?? 1);
  if (!Number.isInteger(size) || size < 1 || size > 20)
    throw invalidRequest("INVALID_PARAMETER_VALUE", "page_size is 1 to 20.", "page_size");
  if (!Number.isInteger(page) || page < 1 || page > 100000)
    throw invalidRequest("INVALID_PARAMETER_VALUE", "page is 1 or more.", "page");
  const product = query.get("product_id");
  const all = Object.values(m.plans).filter((p) => !product || p.product_id === product);
  const plans = all.slice((page - 1) * size, page * size).map((p) => ({
    id: p.id,
    product_id: p.product_id,
    name: p.name,
    status: p.status,
    usage_type: p.usage_type,
    create_time: p.create_time,
    links: p.links,
  }));
  return { plans, total_items: all.length, total_pages: Math.ceil(all.length / size), links: [] };
}

/** POST /v1/billing/plans/:id/activate | deactivate */
export function setPlanStatus(pp: PayPal, m: Merchant, id: string, action: "activate" | "deactivate") {
  const plan = m.plans[id];
  if (!plan) throw notFound("The specified resource does not exist.");
  const want = action === "activate" ? "ACTIVE" : "INACTIVE";
  if (plan.status === want) throw unprocessable("PLAN_STATUS_INVALID", `The plan is already ${want.toLowerCase()}.`);
  plan.status = want;
  plan.update_time = pp.store.billingIso();
  pp.store.changed();
}

export const planPrice = (cycle: Json) => {
  const p = cycle.pricing_scheme?.fixed_price;
  return p ? toMinor(p.value, p.currency_code) : 0;
};

export { PayPalApiError };
