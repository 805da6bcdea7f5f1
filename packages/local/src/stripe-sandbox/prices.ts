import { invalidParam, missingParam, noSuch } from "./errors";
import { int, obj, str, type FormValue } from "./form";
import { nowSeconds, randomId, type Account, type SandboxStore, type StripeObject } from "./store";

const INTERVALS = ["day", "week", "month", "year"];

/**
 * Turns `price` (an id) or inline `price_data` into a stored Price, creating the Product
 * from `product_data` (Checkout) or checking `product` (subscription items), as Stripe does.
 */
export function resolvePrice(
  store: SandboxStore,
  account: Account,
  item: Record<string, FormValue>,
  param: string,
): StripeObject {
  const priceId = str(item.price);
  if (priceId) {
    const found = account.objects[priceId];
    if (!found || found.object !== "price") throw noSuch("price", priceId, `${param}[price]`);
    if (found.active === false)
      throw invalidParam(`${param}[price]`, `The price specified is inactive. This field only accepts active prices.`);
    return found;
  }
  const data = obj(item.price_data);
  if (!data) throw missingParam(`${param}[price]`);
  return createPrice(store, account, data, `${param}[price_data]`);
}

/**
 * A new Price from its fields (POST /v1/prices, or a line item's `price_data`, whose parameters
 * are named under `prefix`): its Product an id or, inline, `product_data`.
 */
export function createPrice(
  store: SandboxStore,
  account: Account,
  data: Record<string, FormValue>,
  prefix: string,
): StripeObject {
  const at = (name: string) => (prefix ? `${prefix}[${name}]` : name);
  const currency = str(data.currency)?.toLowerCase();
  if (!currency) throw missingParam(at("currency"));
  const unitAmount = int(data.unit_amount);
  if (unitAmount === undefined) throw missingParam(at("unit_amount"));
  if (Number.isNaN(unitAmount) || unitAmount < 0) {
    throw invalidParam(
      at("unit_amount"),
      "Invalid integer: unit_amount must be a whole number of the currency's smallest unit (e.g. cents) and not negative.",
    );
  }
  const recurringIn = obj(data.recurring);
  let recurring: StripeObject["recurring"] = null;
  if (recurringIn) {
    const interval = str(recurringIn.interval);
    if (!interval || !INTERVALS.includes(interval)) {
      throw invalidParam(`${at("recurring")}[interval]`, `Invalid interval: must be one of ${INTERVALS.join(", ")}`);
    }
    const count = int(recurringIn.interval_count) ?? 1;
    if (Number.isNaN(count) || count < 1 || (interval === "year" ? count > 3 : count > 36))
      throw invalidParam(`${at("recurring")}[interval_count]`, "The maximum billing frequency is three years.");
    recurring = {
      interval,
      interval_count: count,
      usage_type: "licensed",
      meter: null,
      trial_period_days: null,
    };
  }
  let productId = str(data.product);
  const productData = obj(data.product_data);
  if (productId) {
    if (account.objects[productId]?.object !== "product") throw noSuch("product", productId, at("product"));
  } else if (productData) {
    const name = str(productData.name);
    if (!name) throw missingParam(`${at("product_data")}[name]`);
    productId = store.put(account, {
      id: randomId("prod_", 14),
      object: "product",
      active: true,
      created: nowSeconds(),
      description: str(productData.description) ?? null,
      livemode: account.livemode,
      metadata: {},
      name,
    }).id;
  } else {
    throw missingParam(at("product"));
  }
  return store.put(account, {
    id: randomId("price_"),
    object: "price",
    active: true,
    billing_scheme: "per_unit",
    created: nowSeconds(),
    currency,
    livemode: account.livemode,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: productId,
    recurring,
    type: recurring ? "recurring" : "one_time",
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  });
}

/** Adds one interval (day/week/month/year, times count) to a unix time. */
export function addInterval(from: number, recurring: { interval: string; interval_count: number }): number {
  const d = new Date(from * 1000);
  const n = recurring.interval_count || 1;
  if (recurring.interval === "day") d.setUTCDate(d.getUTCDate() + n);
  else if (recurring.interval === "week") d.setUTCDate(d.getUTCDate() + 7 * n);
  else if (recurring.interval === "month") d.setUTCMonth(d.getUTCMonth() + n);
  else d.setUTCFullYear(d.getUTCFullYear() + n);
  return Math.floor(d.getTime() / 1000);
}
