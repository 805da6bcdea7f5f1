import { CURRENCIES, type Currency } from "../../currency/units";

type OtherCurrency = Exclude<Currency, "usd">;

/**
 * One optional number attribute per currency other than USD (`revenue_eur`, `revenue_gbp`, …),
 * named as core/src/currency names the fields it reads and adds to. No defaults:
 * update().add() creates each on the first sale in that currency. Plain data, like
 * ./timestamps, so the lean layer's schemas can use it too.
 */
export function perCurrency<P extends string>(prefix: P) {
  const attributes = {} as Record<string, { type: "number" }>;
  for (const c of CURRENCIES) if (c !== "usd") attributes[`${prefix}_${c}`] = { type: "number" };
  return attributes as { readonly [C in OtherCurrency as `${P}_${C}`]: { readonly type: "number" } };
}
