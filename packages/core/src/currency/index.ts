import * as z from "zod/mini";
import "../zod";
import { CURRENCIES } from "./units";

/**
 * Currencies for the server: everything in ./units (pure, also read by the web app) plus the
 * zod input rule products are validated with.
 */
export * from "./units";

export const CURRENCY_MESSAGE = `currency must be one of: ${CURRENCIES.join(", ")}.`;

/** Input: any case ("EUR" or "eur"), stored in lower case like Stripe's. */
export const CurrencyInput = z.pipe(
  z.transform((v: unknown) => (typeof v === "string" ? v.trim().toLowerCase() : v)),
  z.enum(CURRENCIES, CURRENCY_MESSAGE),
);
