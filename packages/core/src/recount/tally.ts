import { REVENUE_FIELDS, SALES_FIELDS, SPENT_FIELDS, revenueField, salesOf, spentField } from "../currency/index";
import { dimensionsOf, trafficScope } from "../traffic/dimensions";
import type { Attribution } from "../traffic/source";

/**
 * What the sales records say every sales figure should be. Pure: the purchases in, the
 * expected figures out, keyed like the items that hold them. A purchase counts while its
 * status is "completed"; a refunded or disputed one has been taken back (its figures reversed
 * on the day it was sold), but its buyer stays the seller's customer.
 */
export interface SaleRecord {
  id: string;
  product_id: string;
  creator_id: string;
  customer_email: string;
  amount: number;
  /** absent on purchases from before currencies existed: usd */
  currency?: string;
  status: string;
  created_at: string;
  /** The sales-page visit its checkout began from (traffic analytics), when recorded. */
  visit?: Attribution;
}

/** The figure holders a purchase moves (packages/core/src/purchase/ledger.ts writes them). */
export type Holder = "counter" | "daily" | "product" | "customer" | "buyer" | "traffic";
export type Figures = Record<string, number>;

/**
 * holder → key → field → value. Keys: counter scope; `<scope>|<date>`; product id;
 * `<creator>|<email>`; e-mail; `<scope>|<date>|<dimension>|<value>` (traffic values have no "|").
 */
export type Tally = Record<Holder, Map<string, Figures>>;

export const emptyTally = (): Tally => ({
  counter: new Map(),
  daily: new Map(),
  product: new Map(),
  customer: new Map(),
  buyer: new Map(),
  traffic: new Map(),
});

/** The fields of each holder that the sales records decide (views, users and the like are not theirs). */
export const FIELDS: Record<Holder, readonly string[]> = {
  counter: ["sales", ...SALES_FIELDS, ...REVENUE_FIELDS, "customers"],
  daily: ["sales", ...REVENUE_FIELDS],
  product: ["sales_count", "total_revenue"],
  customer: ["total_purchases", ...SPENT_FIELDS],
  buyer: ["total_purchases", ...SPENT_FIELDS],
  // Views are the beacon's, not the sales records'.
  traffic: ["sales", ...REVENUE_FIELDS],
};

/** The platform counter has no customers figure (buyers are counted on their own items). */
export const fieldsOf = (holder: Holder, key: string) =>
  holder === "counter" && key === "platform" ? ["sales", ...SALES_FIELDS, ...REVENUE_FIELDS] : FIELDS[holder];

function bump(t: Tally, holder: Holder, key: string, add: Figures) {
  const row = t[holder].get(key) ?? Object.fromEntries(fieldsOf(holder, key).map((f) => [f, 0]));
  for (const [field, n] of Object.entries(add)) row[field] = (row[field] ?? 0) + n;
  t[holder].set(key, row);
}

/**
 * Expected figures of the given purchases. `platform` false leaves out the platform-wide
 * holders (used when only one seller's records were read).
 */
export function tally(purchases: SaleRecord[], opts: { platform: boolean }): Tally {
  const t = emptyTally();
  const seen = new Set<string>();
  for (const p of purchases) {
    const counts = p.status === "completed";
    const sales = counts ? 1 : 0;
    const revenue = counts ? p.amount : 0;
    const date = p.created_at.slice(0, 10);
    const creatorScope = `creator#${p.creator_id}`;
    const customerKey = `${p.creator_id}|${p.customer_email}`;
    const firstTime = !seen.has(customerKey);
    seen.add(customerKey);
    // Counters and daily items keep revenue per currency (core/src/currency); products have one.
    const inCurrency = { [revenueField(p.currency ?? "usd")]: revenue };
    // Counters also count sales per currency (for averages per currency); daily items do not.
    const counted = { sales, ...salesOf(p.currency ?? "usd", sales), ...inCurrency };
    bump(t, "counter", creatorScope, { ...counted, customers: firstTime ? 1 : 0 });
    bump(t, "product", p.product_id, { sales_count: sales, total_revenue: revenue });
    // Customers and buyers keep spending per currency too (`total_spent` is USD).
    const spent = { [spentField(p.currency ?? "usd")]: revenue };
    bump(t, "customer", customerKey, { total_purchases: sales, ...spent });
    bump(t, "buyer", p.customer_email, { total_purchases: sales, ...spent });
    const scopes = [creatorScope, `product#${p.product_id}`, ...(opts.platform ? ["platform"] : [])];
    for (const scope of scopes) bump(t, "daily", `${scope}|${date}`, { sales, ...inCurrency });
    if (opts.platform) bump(t, "counter", "platform", counted);
    for (const [dimension, value] of p.visit ? dimensionsOf(p.visit) : [])
      bump(t, "traffic", [trafficScope(p.creator_id), date, dimension, value].join("|"), { sales, ...inCurrency });
  }
  return t;
}

export interface Difference {
  holder: Holder;
  key: string;
  field: string;
  stored: number;
  expected: number;
}

/**
 * Every figure where the stored items disagree with the expected tally. A key present on
 * either side is compared (a stored figure with no sales behind it is expected to be 0).
 */
export function compare(expected: Tally, stored: Tally): Difference[] {
  const out: Difference[] = [];
  for (const holder of Object.keys(FIELDS) as Holder[]) {
    const keys = new Set([...expected[holder].keys(), ...stored[holder].keys()]);
    for (const key of [...keys].sort()) {
      for (const field of fieldsOf(holder, key)) {
        const want = expected[holder].get(key)?.[field] ?? 0;
        const have = stored[holder].get(key)?.[field] ?? 0;
        if (want !== have) out.push({ holder, key, field, stored: have, expected: want });
      }
    }
  }
  return out;
}
