/**
 * The currencies a product may be priced in. Every amount Payloft stores or answers is an
 * integer in the currency's minor unit (the rule Cents and server prices says "cents"; for a
 * zero-decimal currency such as JPY the minor unit is the yen itself): 950 eur = €9.50, 950 jpy = ¥950.
 * Stripe's unit_amount takes the same integer; PayPal's value string is built from it.
 */
export const CURRENCIES = ["usd", "eur", "gbp", "cad", "aud", "jpy"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = "usd";

/** Currencies without a minor unit (Stripe's and PayPal's lists agree on these). */
const ZERO_DECIMAL: ReadonlySet<string> = new Set(["jpy"]);

export const isCurrency = (value: unknown): value is Currency =>
  typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);

/** A stored product without a currency was priced before currencies existed: dollars. */
export const currencyOf = (value: string | null | undefined): Currency => {
  const c = (value ?? "").toLowerCase();
  return isCurrency(c) ? c : DEFAULT_CURRENCY;
};

/** Digits after the decimal point: 0 for JPY, 2 for the others. */
export const decimalsOf = (currency: string): number => (ZERO_DECIMAL.has(currency.toLowerCase()) ? 0 : 2);

/** Major units as typed in a form (9.50) → the stored minor-unit integer (950; ¥950 → 950). */
export const toMinor = (major: number, currency: string): number => Math.round(major * 10 ** decimalsOf(currency));

/** The minor-unit integer as a decimal string, e.g. PayPal's value ("9.50", or "950" for jpy). */
export const minorToDecimal = (minor: number, currency: string): string => {
  const d = decimalsOf(currency);
  return (minor / 10 ** d).toFixed(d);
};

/** "€9.50", "¥950", "$12.00" — for e-mails and messages. */
export const formatMoney = (minor: number, currency: string, locale = "en-US"): string =>
  new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format(
    minor / 10 ** decimalsOf(currency),
  );

/**
 * Revenue figures written at event time keep one attribute per currency on the same counter
 * or daily item, so a dashboard still reads one item and never adds euros to dollars. USD keeps
 * the original `revenue` attribute (every sale before currencies existed was in dollars).
 */
export type RevenueField = "revenue" | `revenue_${Exclude<Currency, "usd">}`;
export const revenueField = (currency: string): RevenueField => {
  const c = currencyOf(currency);
  return c === "usd" ? "revenue" : (`revenue_${c}` as RevenueField);
};
export const REVENUE_FIELDS: readonly RevenueField[] = CURRENCIES.map(revenueField);
/** A creator's monthly recurring revenue: `mrr` for USD, `mrr_<currency>` otherwise (core/src/tally/figures.ts). */
export const mrrField = (currency: string) => revenueField(currency).replace("revenue", "mrr");
export const MRR_FIELDS: readonly string[] = CURRENCIES.map(mrrField);

/** {usd: 5000, eur: 950}: the non-zero per-currency figures of a counter or daily item. */
export function revenueByCurrency(item: Partial<Record<RevenueField, number>> | null | undefined) {
  const out: Partial<Record<Currency, number>> = {};
  for (const c of CURRENCIES) {
    const n = item?.[revenueField(c)] ?? 0;
    if (n) out[c] = n;
  }
  return out;
}

/**
 * Sales counts per currency on the counters, so an average per currency divides that
 * currency's revenue by that currency's sales. `sales` stays the count of every sale; each
 * currency other than USD has `sales_<code>`, and USD's count is the rest (every sale before
 * currencies existed was in dollars, so no old item needs a new attribute).
 */
export type SalesField = `sales_${Exclude<Currency, "usd">}`;
export const salesField = (currency: string): SalesField | null => {
  const c = currencyOf(currency);
  return c === "usd" ? null : (`sales_${c}` as SalesField);
};
export const SALES_FIELDS: readonly SalesField[] = CURRENCIES.flatMap((c) => salesField(c) ?? []);
/** `{sales_eur: n}` for a sale of `n` in eur, `{}` for usd: to spread into a counter's add(). */
export const salesOf = (currency: string, n: number): Partial<Record<SalesField, number>> => {
  const f = salesField(currency);
  return f ? { [f]: n } : {};
};

/** {usd: 3, eur: 1}: the non-zero sales counts per currency of a counter item. */
export function salesByCurrency(item: ({ sales?: number } & Partial<Record<SalesField, number>>) | null | undefined) {
  const out: Partial<Record<Currency, number>> = {};
  let others = 0;
  for (const f of SALES_FIELDS) others += item?.[f] ?? 0;
  const usd = (item?.sales ?? 0) - others;
  if (usd) out.usd = usd;
  for (const c of CURRENCIES) {
    const f = salesField(c);
    const n = f ? (item?.[f] ?? 0) : 0;
    if (n) out[c] = n;
  }
  return out;
}

/**
 * A customer's (and a platform buyer's) spending, the same way: `total_spent` stays USD (every
 * sale before currencies existed was in dollars) and each other currency has `spent_<code>`
 * on the same item, written at sale time and reversed on refunds and disputes.
 */
export type SpentField = "total_spent" | `spent_${Exclude<Currency, "usd">}`;
export const spentField = (currency: string): SpentField => {
  const c = currencyOf(currency);
  return c === "usd" ? "total_spent" : (`spent_${c}` as SpentField);
};
export const SPENT_FIELDS: readonly SpentField[] = CURRENCIES.map(spentField);

/** {usd: 2500, eur: 950}: the non-zero per-currency spending of a customer or buyer item. */
export function spentByCurrency(item: Partial<Record<SpentField, number>> | null | undefined) {
  const out: Partial<Record<Currency, number>> = {};
  for (const c of CURRENCIES) {
    const n = item?.[spentField(c)] ?? 0;
    if (n) out[c] = n;
  }
  return out;
}

/** Adds per-currency figures (e.g. over 30 daily items), in the currency list's order. */
export function addByCurrency(
  a: Partial<Record<Currency, number>>,
  b: Partial<Record<Currency, number>>,
): Partial<Record<Currency, number>> {
  const out: Partial<Record<Currency, number>> = {};
  for (const c of CURRENCIES) if (a[c] !== undefined || b[c] !== undefined) out[c] = (a[c] ?? 0) + (b[c] ?? 0);
  return out;
}

/**
 * Stripe's smallest card charge per currency, in minor units (its "minimum charge amounts"
 * table: 50 cents, 30 pence, ¥50), so a checkout below it is refused with a clear message.
 */
const MINIMUM_CHARGE: Record<Currency, number> = { usd: 50, eur: 50, gbp: 30, cad: 50, aud: 50, jpy: 50 };
export const minimumChargeOf = (currency: string): number => MINIMUM_CHARGE[currencyOf(currency)];
