import { ProviderError } from "../errors";
import type { CheckoutItem } from "../db/entities";
import { stripeSecretForCheckout } from "../integration/credentials";
import { logger } from "../log/index";
import { stripeClient } from "../payment/stripe";
import { confirmPayPal } from "./confirm-paypal";

/**
 * "Was this checkout paid, and for what?", asked of the provider itself. Webhook payloads are
 * only hints (a seller can read their own endpoint's signing secret), so fulfilment confirms
 * every product checkout with the provider before recording it. One confirmer per provider;
 * a provider failure is a ProviderError (retried by the bus, a 502 on the success page).
 */
export interface ConfirmedPayment {
  paid: boolean;
  /** cents: the total charged */
  amount: number;
  /** cents: before tax; absent when the provider adds no tax (PayPal: automatic tax does not apply) */
  subtotal?: number;
  /** cents: the tax the provider added on top of the subtotal */
  tax?: number;
  currency: string;
  buyer_email?: string;
  /** The name the buyer paid under (cardholder, PayPal account), when the provider has one: the receipt greets them by it. */
  buyer_name?: string;
  payment_ref?: string;
  /** Not paid, but the provider may still take the money (the checkout reconciler waits). */
  payable?: boolean;
  /** Stripe: the session still takes payment (the reconciler expires it past the deadline). */
  open?: boolean;
}

type Confirmer = (record: CheckoutItem) => Promise<ConfirmedPayment | null>;

export const CONFIRM_FAILED =
  "We could not confirm your payment with the payment provider. Please refresh in a moment.";

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : v?.id);

/**
 * Stripe: the Checkout Session on the seller's account, asked with the key the checkout was
 * created with (the seller may have changed or removed it since). Null when that key is gone.
 */
async function confirmStripe(record: CheckoutItem): Promise<ConfirmedPayment | null> {
  const secret = await stripeSecretForCheckout(record);
  if (!secret) return null;
  try {
    const s = await stripeClient(secret).checkout.sessions.retrieve(record.session_id);
    const email = s.customer_details?.email ?? s.customer_email ?? undefined;
    const name = s.customer_details?.name?.trim();
    return {
      paid: s.status === "complete" && s.payment_status === "paid",
      // Open, or completed with a delayed payment method whose money is still on its way.
      payable: s.status === "open" || (s.status === "complete" && s.payment_status === "unpaid"),
      ...(s.status === "open" ? { open: true } : {}),
      amount: s.amount_total ?? 0,
      subtotal: s.amount_subtotal ?? s.amount_total ?? 0,
      tax: s.total_details?.amount_tax ?? 0,
      currency: (s.currency ?? "").toLowerCase(),
      ...(email ? { buyer_email: email } : {}),
      ...(name ? { buyer_name: name } : {}),
      ...(idOf(s.payment_intent) ? { payment_ref: idOf(s.payment_intent) } : {}),
    };
  } catch (err) {
    logger.warn("could not retrieve checkout session", { sessionId: record.session_id, error: (err as Error).message });
    throw new ProviderError(CONFIRM_FAILED, "checkout.confirm_failed");
  }
}

/**
 * A free claim (./claim.ts) has no provider to ask: Payloft recorded it at 0 itself, so it is
 * "paid" exactly when the record says 0 (rule: Free claims).
 */
const confirmFree: Confirmer = async (record) => ({
  paid: record.amount === 0,
  amount: 0,
  currency: record.currency,
  ...(record.buyer_email ? { buyer_email: record.buyer_email } : {}),
});

/** Each provider's confirmer; a provider that sells adds its own here. */
const confirmers: Record<string, Confirmer> = { stripe: confirmStripe, paypal: confirmPayPal, free: confirmFree };

/**
 * Past Payloft's deadline, a Stripe session that Stripe still holds open (created before the
 * deadline was set, or clocks apart) is expired at Stripe, with the key it was created with, so
 * it can never be paid after the checkout is closed. PayPal needs nothing: Payloft itself
 * refuses to capture after the deadline (./confirm-paypal.ts).
 */
export async function stopTakingPayment(record: CheckoutItem): Promise<void> {
  if (record.provider !== "stripe") return;
  const secret = await stripeSecretForCheckout(record);
  if (!secret) return;
  try {
    await stripeClient(secret).checkout.sessions.expire(record.session_id);
  } catch (err) {
    // Not open any more (paid or expired meanwhile): the caller asks Stripe again.
    if ((err as { statusCode?: number }).statusCode !== 400) throw err;
  }
}

export async function confirmPayment(record: CheckoutItem): Promise<ConfirmedPayment | null> {
  const confirm = confirmers[record.provider ?? "stripe"];
  if (!confirm) throw new ProviderError(CONFIRM_FAILED, "checkout.provider_unknown");
  return confirm(record);
}
