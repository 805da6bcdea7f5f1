import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import type { RefundCreated } from "../bus/events";
import type * as z from "zod";
import { ConflictError, ProviderError } from "../errors";
import { Integration } from "../integration/index";
import { logger } from "../log/index";
import { stripeClient } from "../payment/stripe";
import { paymentIntentOfInvoice } from "../payment/stripe-invoice-payments";
import { centsToValue, PayPalRequestError, paypalClient, valueToCents, type PayPalClient } from "../paypal/client";

/**
 * A creator's refund at the provider, on the seller's own account, and the provider's word on
 * it afterwards. Each function answers what the provider now says about the payment as the
 * properties of a refund.created event (the same facts its webhook translator reads back: the
 * charge's or capture's amount and how much of it is refunded), so the sale is taken back by
 * the one refund.created path whichever arrives first, our call or the provider's webhook.
 *
 * "Already refunded" from the provider (a second click, or a refund made in the provider's own
 * dashboard whose webhook is late) is not an error: the read-back shows it refunded. Anything
 * else the provider refuses, or a provider that cannot be reached, is a ProviderError (502)
 * with nothing written on our side.
 */
export type RefundFacts = z.input<(typeof RefundCreated)["schema"]>;

export interface RefundableSale {
  id: string;
  creator_id: string;
  payment_intent?: string;
  /** One of several purchases of one payment (core/src/purchase/order.ts): refunded on its own. */
  order_id?: string;
  order_size?: number;
  amount?: number;
  tax?: number;
}

export const NOT_CONNECTED = (provider: string) =>
  new ConflictError(
    "refund.not_connected",
    `Your ${provider} account is no longer connected to Payloft, so this sale cannot be refunded here. Reconnect it in Payment Setup, or refund the payment in your ${provider} dashboard.`,
  );
const FAILED = (provider: string) =>
  new ProviderError(
    `${provider} could not make this refund right now. Nothing was changed; please try again in a moment.`,
    "refund.provider_failed",
  );
export const REFUSED = (provider: string, reason: string) =>
  new ProviderError(`${provider} refused the refund: ${reason}`, "refund.provider_refused");

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe: refund the sale's payment intent in full, then read its charge back. */
export async function refundAtStripe(sale: RefundableSale): Promise<RefundFacts> {
  const secret = await Integration.stripeSecretFor(sale.creator_id);
  if (!secret) throw NOT_CONNECTED("Stripe");
  const stripe = stripeClient(secret);
  try {
    const paymentIntent = sale.payment_intent ?? (await paymentIntentOfSession(stripe, sale.id));
    let refund: Stripe.Refund | null = null;
    try {
      // No idempotency key of ours: a retry after a refusal must reach Stripe again, and a
      // second refund of the same payment is refused by Stripe as already refunded (read back below).
      refund = await stripe.refunds.create({
        payment_intent: paymentIntent,
        reason: "requested_by_customer",
        metadata: { payloft_sale_id: sale.id },
      });
    } catch (err) {
      if ((err as Stripe.errors.StripeError).code !== "charge_already_refunded") throw err;
    }
    if (refund && (refund.status === "failed" || refund.status === "canceled"))
      throw REFUSED("Stripe", refund.failure_reason ?? refund.status);
    const chargeId = idOf(refund?.charge) ?? idOf((await stripe.paymentIntents.retrieve(paymentIntent)).latest_charge);
    if (!chargeId) throw REFUSED("Stripe", "the payment has no charge to refund.");
    const charge = await stripe.charges.retrieve(chargeId);
    return {
      provider: "stripe",
      provider_event_id: refund?.id ?? `refund-readback-${charge.id}`,
      occurred_at: refund?.created ?? nowSeconds(),
      seller_id: sale.creator_id,
      checkout_id: sale.id,
      payment_ref: paymentIntent,
      amount: charge.amount,
      amount_refunded: charge.amount_refunded,
      currency: charge.currency.toLowerCase(),
    };
  } catch (err) {
    throw asProviderError("Stripe", sale.id, err, (e) => {
      const s = e as Stripe.errors.StripeError;
      return s.type === "StripeInvalidRequestError" || s.type === "StripeCardError" ? s.message : null;
    });
  }
}

/**
 * Stripe, one item of an order: a partial refund of the payment for that item's amount and its
 * share of the tax, named in the refund's metadata (the webhook translator reads it back, so the
 * refund event reverses that item only). A refund already made for it is not made again.
 */
export async function refundItemAtStripe(sale: RefundableSale & { order_id: string }): Promise<RefundFacts> {
  const secret = await Integration.stripeSecretFor(sale.creator_id);
  if (!secret) throw NOT_CONNECTED("Stripe");
  const stripe = stripeClient(secret);
  try {
    const paymentIntent = sale.payment_intent ?? (await paymentIntentOfSession(stripe, sale.order_id));
    const earlier = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 });
    let refund = earlier.data.find((r) => r.metadata?.payloft_item === sale.id && r.status !== "failed") ?? null;
    refund ??= await stripe.refunds.create(
      {
        payment_intent: paymentIntent,
        amount: (sale.amount ?? 0) + (sale.tax ?? 0),
        reason: "requested_by_customer",
        metadata: { payloft_sale_id: sale.id, payloft_item: sale.id },
      },
      // Two clicks at once make one refund: Stripe answers the second with the first.
      { idempotencyKey: `payloft-item-refund-${sale.id}` },
    );
    if (refund.status === "failed" || refund.status === "canceled")
      throw REFUSED("Stripe", refund.failure_reason ?? refund.status);
    const charge = await stripe.charges.retrieve(idOf(refund.charge)!);
    return {
      provider: "stripe",
      provider_event_id: refund.id,
      occurred_at: refund.created,
      seller_id: sale.creator_id,
      checkout_id: sale.order_id,
      payment_ref: paymentIntent,
      amount: charge.amount,
      amount_refunded: charge.amount_refunded,
      currency: charge.currency.toLowerCase(),
      ...(refund.status === "succeeded" ? { purchase_id: sale.id } : {}),
    };
  } catch (err) {
    throw asProviderError("Stripe", sale.id, err, (e) => {
      const s = e as Stripe.errors.StripeError;
      return s.type === "StripeInvalidRequestError" || s.type === "StripeCardError" ? s.message : null;
    });
  }
}

/** The seller's PayPal app and the sale's capture on it, or why it cannot be refunded here. */
async function paypalCaptureOf(sale: RefundableSale): Promise<{ client: PayPalClient; captureId: string }> {
  const paypal = await Integration.paypalFor(sale.creator_id);
  if (!paypal) throw NOT_CONNECTED("PayPal");
  const captureId = sale.payment_intent;
  if (!captureId) throw REFUSED("PayPal", "this sale has no PayPal capture to refund.");
  return { client: paypalClient(paypal.credentials), captureId };
}

/** PayPal: refund the sale's capture in full, then read the capture back. */
export async function refundAtPayPal(sale: RefundableSale): Promise<RefundFacts> {
  const { client, captureId } = await paypalCaptureOf(sale);
  try {
    const refund = await refundOnce(client, captureId, sale.id);
    if (refund && (refund.status === "FAILED" || refund.status === "CANCELLED"))
      throw REFUSED("PayPal", refund.status.toLowerCase());
    const capture = await client.getCapture(captureId);
    const amount = valueToCents(capture.amount.value, capture.amount.currency_code);
    return {
      provider: "paypal",
      provider_event_id: refund?.id ?? `refund-readback-${capture.id}`,
      occurred_at: nowSeconds(),
      seller_id: sale.creator_id,
      checkout_id: sale.id,
      payment_ref: capture.id,
      amount,
      // As PayPal's webhook translator reads it: only a capture PayPal calls REFUNDED is whole.
      amount_refunded: capture.status === "REFUNDED" ? amount : 0,
      currency: capture.amount.currency_code.toLowerCase(),
    };
  } catch (err) {
    throw asProviderError("PayPal", sale.id, err, (e) =>
      e instanceof PayPalRequestError && !e.isUnavailable && !e.isAuthFailure ? e.message : null,
    );
  }
}

/**
 * PayPal, one item of an order: a partial refund of the capture for that item's amount, whose
 * custom_id names the item (the webhook translator reads it back and reverses that item only).
 * Its PayPal-Request-Id is the item's, so a second click or a retry replays the one refund.
 */
export async function refundItemAtPayPal(sale: RefundableSale & { order_id: string }): Promise<RefundFacts> {
  const { client, captureId } = await paypalCaptureOf(sale);
  try {
    const before = await client.getCapture(captureId);
    const currency = before.amount.currency_code;
    const refund = await client.refundCapture(captureId, `refund-item-${sale.id}`, {
      amount: { currency_code: currency, value: centsToValue((sale.amount ?? 0) + (sale.tax ?? 0), currency) },
      customId: sale.id,
    });
    if (refund.status === "FAILED" || refund.status === "CANCELLED")
      throw REFUSED("PayPal", refund.status.toLowerCase());
    const capture = await client.getCapture(captureId);
    const amount = valueToCents(capture.amount.value, capture.amount.currency_code);
    return {
      provider: "paypal",
      provider_event_id: refund.id,
      occurred_at: nowSeconds(),
      seller_id: sale.creator_id,
      checkout_id: sale.order_id,
      payment_ref: capture.id,
      amount,
      amount_refunded: capture.status === "REFUNDED" ? amount : (sale.amount ?? 0) + (sale.tax ?? 0),
      currency: capture.amount.currency_code.toLowerCase(),
      ...(refund.status === "COMPLETED" ? { purchase_id: sale.id } : {}),
    };
  } catch (err) {
    throw asProviderError("PayPal", sale.id, err, (e) =>
      e instanceof PayPalRequestError && !e.isUnavailable && !e.isAuthFailure ? e.message : null,
    );
  }
}

/** One refund request (its own PayPal-Request-Id, so PayPal's retries replay it); null when PayPal says it is already refunded. */
async function refundOnce(client: PayPalClient, captureId: string, saleId: string) {
  try {
    return await client.refundCapture(captureId, `refund-${saleId}-${randomUUID()}`);
  } catch (err) {
    if (err instanceof PayPalRequestError && err.issue === "CAPTURE_FULLY_REFUNDED") return null;
    throw err;
  }
}

/**
 * Sales recorded without their payment intent: a membership's renewal is its invoice (`in_…`),
 * a subscription's first charge is its first invoice's payment, and sales recorded before
 * payment intents were kept are their session's payment.
 */
async function paymentIntentOfSession(stripe: Stripe, saleId: string): Promise<string> {
  const pi = saleId.startsWith("in_")
    ? await paymentIntentOfInvoice(stripe, saleId)
    : await stripe.checkout.sessions.retrieve(saleId).then(async (session) => {
        const invoice = idOf(session.invoice);
        return idOf(session.payment_intent) ?? (invoice ? await paymentIntentOfInvoice(stripe, invoice) : undefined);
      });
  if (!pi) throw REFUSED("Stripe", "the payment of this sale cannot be found.");
  return pi;
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : v?.id);

/** Our own errors pass through; a refusal keeps the provider's reason; anything else is "could not". */
export function asProviderError(
  provider: string,
  saleId: string,
  err: unknown,
  reasonOf: (e: unknown) => string | null,
) {
  if (err instanceof ConflictError || err instanceof ProviderError) return err;
  logger.warn("refund at provider failed", { provider, saleId, error: (err as Error).message });
  const reason = reasonOf(err);
  return reason ? REFUSED(provider, reason) : FAILED(provider);
}
