import { decimalsOf, minorToDecimal } from "@payloft/core/currency/units";

/** PayPal's amount strings: at most ten digits, and at most two decimals. */
export const AMOUNT_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;
/**
 * Amounts are strings in the currency's own unit ("9.50" EUR, "950" JPY); inside, integers in
 * its minor unit (cents; yen for JPY, which has none), written back with the currency's digits.
 */
export const toMinor = (value: string, currency: string) => Math.round(Number(value) * 10 ** decimalsOf(currency));
export const fromMinor = (minor: number, currency: string) => minorToDecimal(minor, currency);
/** PayPal refuses decimals in a currency without a minor unit (JPY) with DECIMALS_NOT_SUPPORTED. */
export const decimalsRefused = (value: string, currency: string) => decimalsOf(currency) === 0 && value.includes(".");
