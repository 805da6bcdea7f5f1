import { randomUUID } from "node:crypto";
import { Config } from "../config/index";
import { ProviderError, ValidationError } from "../errors";
import { paypalFor } from "../integration/credentials";
import { logger } from "../log/index";
import { centsToValue, paypalClient, type Order } from "../paypal/client";
import type { Attribution } from "../traffic/source";
import type { Lines } from "./lines";
import { PAYABLE_SECONDS } from "./lifetime";
import { lineItemOf, recordCheckout } from "./record";
import { storedReservation } from "./reservation";
import type { Referral } from "../affiliate/referral";

/** The alert a buyer sees when a PayPal seller's integration cannot take payments (rule: PayPal). */
export const PAYPAL_UNAVAILABLE = "PayPal integration is coming soon. Please contact the seller directly.";

/** A checkout a provider opened: where the buyer goes, its id, and until when it can be paid. */
export interface StartedCheckout {
  url: string;
  checkoutId: string;
  payableUntil: Date;
}

/**
 * A PayPal checkout: an Orders v2 order (intent CAPTURE) on the seller's own PayPal app for the
 * price on Payloft's record (rule: Cents and server prices), and the checkout record it is fulfilled against
 * (rule: Our checkouts only). Payloft's checkout id is the order's custom_id and invoice_id (PayPal refuses
 * a second capture with the same invoice id) and travels in the return URL; the buyer approves on
 * PayPal's page and comes back to /api/checkout/paypal/return, which captures. An order of
 * several products (a cart, a bump) is one purchase unit with one item per product, each at its
 * line's amount, as Stripe Checkout gets one line item each.
 */
export async function startPayPalCheckout(
  order: Lines,
  buyer?: { email?: string } | null,
  visit?: Attribution,
  referral: Referral = {},
): Promise<StartedCheckout> {
  const product = order.lines[0]!.product;
  const several = order.lines.length > 1;
  const paypal = await paypalFor(order.creator_id);
  if (!paypal?.active) throw new ValidationError(PAYPAL_UNAVAILABLE, "checkout.paypal_unavailable");
  if (order.amount < 1)
    throw new ValidationError(
      "This product can't be bought online: its price must be above 0.",
      "checkout.below_minimum",
    );
  const money = (amount: number) => ({
    currency_code: order.currency.toUpperCase(),
    value: centsToValue(amount, order.currency),
  });
  const checkoutId = `ppc_${randomUUID().replace(/-/g, "")}`;
  // Payloft's own deadline (./lifetime.ts): PayPal would let the order be approved for hours.
  const payableUntil = new Date(Date.now() + PAYABLE_SECONDS * 1000);
  const site = Config.siteUrl();
  let created: Order;
  try {
    created = await paypalClient(paypal.credentials).createOrder(
      {
        amount: money(order.amount),
        customId: checkoutId,
        invoiceId: checkoutId,
        description: several ? `${product.name} and ${order.lines.length - 1} more` : product.name,
        ...(several ? { items: order.lines.map((l) => ({ name: l.product.name, unit_amount: money(l.amount) })) } : {}),
        brandName: "Payloft",
        returnUrl: `${site}/api/checkout/paypal/return?checkout_id=${checkoutId}`,
        cancelUrl: `${site}/product/${encodeURIComponent(product.id)}`,
        payerEmail: buyer?.email,
      },
      `order-${checkoutId}`,
    );
  } catch (err) {
    logger.warn("paypal order failed", { productId: product.id, error: (err as Error).message });
    throw new ProviderError("Failed to create checkout session", "checkout.provider_failed");
  }
  const approve = created.links.find((l) => l.rel === "payer-action" || l.rel === "approve");
  if (!approve) throw new ProviderError("Failed to create checkout session", "checkout.provider_failed");
  await recordCheckout({
    session_id: checkoutId,
    kind: "product",
    provider: "paypal",
    provider_ref: created.id,
    product_id: product.id,
    creator_id: order.creator_id,
    amount: order.amount,
    list_price: order.lines.reduce((s, l) => s + l.list_price, 0),
    ...(order.discount_code ? { discount_code: order.discount_code } : {}),
    ...storedReservation(order.reservation),
    currency: order.currency,
    session_expires_at: payableUntil.toISOString(),
    // The app it was made with: confirming it uses that one, even after Payment Setup changes.
    ...(paypal.credentialId ? { credential_id: paypal.credentialId } : {}),
    ...(buyer?.email ? { buyer_email: buyer.email.trim().toLowerCase() } : {}),
    ...(visit ? { visit } : {}),
    ...referral,
    // What the buyer receives, even if a product is deleted or switched off before they pay.
    product_snapshot: order.lines[0]!.snapshot,
    ...(several ? { line_items: order.lines.map(lineItemOf) } : {}),
  });
  return { url: approve.href, checkoutId, payableUntil };
}
