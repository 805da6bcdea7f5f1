import { currencyOf, formatMoney } from "../currency/units";

/**
 * A code's currency. An amount-off code takes a sum off in one currency, its own (USD for a code
 * stored before codes had one: the only currency there was); a percent-off code has none and
 * applies to a price in any currency. Checkout, the price preview and the seller's create and
 * update all ask here, so a code is judged the same way everywhere.
 */
interface Priced {
  code: string;
  amount_off?: number | null;
  currency?: string | null;
}

export const codeCurrencyOf = (d: Omit<Priced, "code">): string | null =>
  d.amount_off != null ? currencyOf(d.currency) : null;

/** "$5.00 off prices in USD", the part of every sentence below that names the code's sum. */
const sumOff = (d: Priced, own: string) => `${formatMoney(d.amount_off ?? 0, own)} off prices in ${own.toUpperCase()}`;

/** Why the code cannot apply to a price in `currency` (checkout, preview), or null when it can. */
export function priceCurrencyMismatch(d: Priced, currency: string): string | null {
  const own = codeCurrencyOf(d);
  if (!own || own === currency) return null;
  return `The code ${d.code} takes ${sumOff(d, own)}; this product is priced in ${currency.toUpperCase()}.`;
}

/**
 * A seller's code limited to products it could never apply to: the first named product priced
 * in another currency than the code's, as a sentence; null when every one shares it.
 */
export function productsCurrencyMismatch(
  d: Priced,
  products: { name: string; currency?: string | null }[],
): string | null {
  const own = codeCurrencyOf(d);
  const other = own ? products.find((p) => currencyOf(p.currency) !== own) : undefined;
  if (!own || !other) return null;
  return (
    `An amount-off code takes money off in one currency: ${d.code} takes ${sumOff(d, own)}, but ` +
    `${other.name} is priced in ${currencyOf(other.currency).toUpperCase()}. Give the code that product's ` +
    `currency, use a percent-off code, or leave that product out.`
  );
}
