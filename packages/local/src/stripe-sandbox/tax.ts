import { invalidParam, StripeApiError } from "./errors";
import { bool, obj, str, type FormObject } from "./form";
import type { StripeObject } from "./store";

/**
 * Stripe Tax, as far as a sandbox can play it: `automatic_tax[enabled]=true` makes the session
 * compute tax from the buyer's billing address when they pay, and
 * `billing_address_collection=required` makes the hosted page ask for that address.
 *
 * Tax is EXCLUSIVE, as Stripe's default for a price without `tax_behavior`: it is added on top,
 * so amount_total = amount_subtotal + total_details.amount_tax. The rates are a small, fixed
 * table of standard rates for digital goods sold to consumers (not tax advice): countries not
 * listed, and the US (no sales tax on most digital goods by default here), are 0%.
 */
export const TAX_RATES: Record<string, number> = {
  AT: 20,
  BE: 21,
  DE: 19,
  ES: 21,
  FR: 20,
  GB: 20,
  IE: 23,
  IT: 22,
  NL: 21,
  PL: 23,
  SE: 25,
  AU: 10,
  CA: 5,
  JP: 10,
  US: 0,
};

/** The countries the hosted page offers, in the order it lists them. */
export const COUNTRIES: [code: string, name: string][] = [
  ["US", "United States"],
  ["DE", "Germany"],
  ["FR", "France"],
  ["GB", "United Kingdom"],
  ["AT", "Austria"],
  ["AU", "Australia"],
  ["BE", "Belgium"],
  ["CA", "Canada"],
  ["ES", "Spain"],
  ["IE", "Ireland"],
  ["IT", "Italy"],
  ["JP", "Japan"],
  ["NL", "Netherlands"],
  ["PL", "Poland"],
  ["SE", "Sweden"],
];

export const taxRate = (country: string | null | undefined) => TAX_RATES[(country ?? "").toUpperCase()] ?? 0;

/** Tax on `cents` at the country's rate, rounded to the nearest cent like Stripe's per-line rounding. */
export const taxOn = (cents: number, country: string | null | undefined) =>
  Math.round((cents * taxRate(country)) / 100);

/** The session-create params about tax and addresses, validated as Stripe does. */
export function taxParams(p: FormObject) {
  const auto = obj(p.automatic_tax);
  const enabled = auto ? bool(auto.enabled) : false;
  if (auto && enabled === undefined)
    throw invalidParam("automatic_tax[enabled]", "Invalid boolean: automatic_tax[enabled] must be true or false.");
  const collection = str(p.billing_address_collection) ?? "auto";
  if (!["auto", "required"].includes(collection))
    throw invalidParam(
      "billing_address_collection",
      "Invalid billing_address_collection: must be one of auto, required",
    );
  return {
    automatic_tax: {
      enabled: !!enabled,
      liability: enabled ? { type: "self" } : null,
      provider: enabled ? "stripe" : null,
      status: enabled ? "requires_location_inputs" : null,
    },
    billing_address_collection: collection,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
  };
}

export interface BillingAddress {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
}

/** The address the hosted page sent, or null when it sent none. Required fields when collection is required. */
export function addressFromPage(session: StripeObject, body: FormObject): BillingAddress | null {
  const field = (k: string) => (str(body[k]) ?? "").trim().slice(0, 200) || null;
  const address = {
    city: field("city"),
    country: field("country")?.toUpperCase() ?? null,
    line1: field("line1"),
    line2: null,
    postal_code: field("postal_code"),
    state: null,
  };
  const needed = session.billing_address_collection === "required" || session.automatic_tax?.enabled;
  if (needed && (!address.country || !address.line1 || !address.city || !address.postal_code))
    throw new StripeApiError(
      400,
      "invalid_request_error",
      "Enter your billing address: country, address, city and postal code.",
      "parameter_missing",
    );
  if (address.country && !COUNTRIES.some(([c]) => c === address.country))
    throw new StripeApiError(400, "invalid_request_error", "Choose a country from the list.", "parameter_invalid");
  return address.country ? address : null;
}

/** At payment: the tax of each line and the session's totals, from the buyer's country. */
export function applyTax(session: StripeObject, address: BillingAddress | null) {
  if (!session.automatic_tax?.enabled) return;
  let tax = 0;
  for (const li of session._line_items ?? []) {
    li.amount_tax = taxOn(li.amount_subtotal, address?.country);
    li.amount_total = li.amount_subtotal + li.amount_tax;
    tax += li.amount_tax;
  }
  // A trial charges nothing today, so nothing is taxed today either.
  if (session.amount_subtotal === 0) tax = 0;
  session.total_details = { ...session.total_details, amount_tax: tax };
  session.amount_total = session.amount_subtotal + tax;
  session.automatic_tax = { ...session.automatic_tax, status: "complete" };
}
