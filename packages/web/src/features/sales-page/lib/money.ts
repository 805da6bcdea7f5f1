import { formatMoney } from "@payloft/core/currency/units";

/**
 * Minor units -> "$12.34", "€9.50", "¥950" (en-US). Amounts are integers in the currency's
 * minor unit everywhere but display; a missing currency is a product from before currencies: usd.
 */
export function formatCents(cents: number, currency = "usd"): string {
  return formatMoney(cents ?? 0, currency || "usd");
}

/** "$", "€", "£", "CA$", "A$", "¥": the sign shown before an amount field. */
export function currencySymbol(currency = "usd"): string {
  const parts = new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).formatToParts(
    0,
  );
  return parts.find((p) => p.type === "currency")?.value ?? currency.toUpperCase();
}
