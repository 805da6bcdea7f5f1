import { StripeApiError } from "./errors";
import { nowSeconds, randomId, type Account, type StripeObject } from "./store";
import type { Sandbox } from "./context";

/**
 * Test cards, as Stripe documents them:
 *  - 4242 4242 4242 4242 (and any other number): succeeds;
 *  - 4000 0000 0000 0002, 4000 0000 0000 9995: declined when entered (the checkout page says so);
 *  - 4000 0000 0000 0341: attaching it to a customer succeeds, every charge on it fails. A
 *    subscription with a trial therefore starts with it and goes past_due when the trial ends.
 * A card entered on the hosted page becomes a PaymentMethod attached to the customer; renewals
 * charge the subscription's default payment method (else the customer's invoice default).
 */
export const DECLINED_CARDS = new Set(["4000000000000002", "4000000000009995"]);
export const FAILS_LATER = "4000000000000341";

export const DECLINE_MESSAGE = "Your card was declined.";

export const cardDigits = (raw: string | undefined) => (raw ?? "").replace(/\s/g, "");

/** A card PaymentMethod attached to `customer` (Stripe's `payment_method` object, type card). */
export function attachCard(
  sb: Sandbox,
  account: Account,
  customer: string,
  number: string,
  billing: { email?: string | null; name?: string | null } = {},
): StripeObject {
  const digits = cardDigits(number) || "4242424242424242";
  return sb.store.put(account, {
    id: randomId("pm_"),
    object: "payment_method",
    allow_redisplay: "unspecified",
    billing_details: { address: null, email: billing.email ?? null, name: billing.name ?? null, phone: null },
    card: {
      brand: digits.startsWith("5") ? "mastercard" : "visa",
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
      country: "US",
      display_brand: digits.startsWith("5") ? "mastercard" : "visa",
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 3,
      funding: "credit",
      last4: digits.slice(-4),
    },
    created: nowSeconds(),
    customer,
    customer_account: null,
    livemode: account.livemode,
    metadata: {},
    type: "card",
    // The sandbox's own: charges on this card fail (4000 0000 0000 0341).
    _fails: digits === FAILS_LATER,
  });
}

/** The card a subscription's invoices are charged to. */
export function paymentMethodOf(account: Account, sub: StripeObject): StripeObject | undefined {
  const customer = account.objects[sub.customer];
  const id = sub.default_payment_method ?? customer?.invoice_settings?.default_payment_method;
  return id ? account.objects[id] : undefined;
}

export type ChargeOutcome =
  | { ok: true; paymentIntent: StripeObject; charge: StripeObject }
  | { ok: false; paymentIntent: StripeObject; charge: StripeObject | null; message: string };

/**
 * Charges `amount` off-session to a saved card: a PaymentIntent and its Charge, succeeded or
 * failed as the card says. A failed attempt leaves the PaymentIntent `requires_payment_method`
 * with `last_payment_error`, as Stripe does.
 */
export function chargeCard(
  sb: Sandbox,
  account: Account,
  input: { customer: string; card: StripeObject | undefined; amount: number; currency: string; description: string },
): ChargeOutcome {
  const { customer, card, amount, currency, description } = input;
  const fails = !card || card._fails === true;
  const chargeId = randomId("ch_");
  const now = nowSeconds();
  const email = account.objects[customer]?.email ?? null;
  const error = fails
    ? {
        charge: card ? chargeId : undefined,
        code: card ? "card_declined" : "payment_intent_payment_attempt_failed",
        decline_code: card ? "generic_decline" : undefined,
        message: card ? DECLINE_MESSAGE : "The customer has no attached payment source or default payment method.",
        type: "card_error",
      }
    : null;
  const paymentIntent = sb.store.put(account, {
    id: randomId("pi_"),
    object: "payment_intent",
    amount,
    amount_received: fails ? 0 : amount,
    created: now,
    currency,
    customer,
    description,
    last_payment_error: error,
    latest_charge: card ? chargeId : null,
    livemode: account.livemode,
    metadata: {},
    payment_method: card?.id ?? null,
    receipt_email: email,
    status: fails ? "requires_payment_method" : "succeeded",
  });
  if (!card) return { ok: false, paymentIntent, charge: null, message: error!.message };
  const charge = sb.store.put(account, {
    id: chargeId,
    object: "charge",
    amount,
    amount_captured: fails ? 0 : amount,
    amount_refunded: 0,
    billing_details: card.billing_details,
    captured: !fails,
    created: now,
    currency,
    customer,
    description,
    failure_code: fails ? "card_declined" : null,
    failure_message: fails ? DECLINE_MESSAGE : null,
    livemode: account.livemode,
    metadata: {},
    outcome: fails
      ? {
          network_status: "declined_by_network",
          reason: "generic_decline",
          seller_message: "The bank did not return any further details with this decline.",
          type: "issuer_declined",
        }
      : {
          network_status: "approved_by_network",
          reason: null,
          seller_message: "Payment complete.",
          type: "authorized",
        },
    paid: !fails,
    payment_intent: paymentIntent.id,
    payment_method: card.id,
    payment_method_details: { card: { brand: card.card.brand, last4: card.card.last4 }, type: "card" },
    receipt_email: email,
    refunded: false,
    status: fails ? "failed" : "succeeded",
  });
  return fails ? { ok: false, paymentIntent, charge, message: DECLINE_MESSAGE } : { ok: true, paymentIntent, charge };
}

/** Stripe's answer when a payment at checkout is declined. */
export const declined = () => new StripeApiError(402, "card_error", DECLINE_MESSAGE, "card_declined");
