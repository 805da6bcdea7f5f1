import type Stripe from "stripe";
import { CheckoutExpired, emit, type Publishable } from "../bus/events";
import { findCheckout } from "../checkout/record";
import { logger } from "../log/index";

type Source = { provider: "stripe"; provider_event_id: string; occurred_at: number };

/**
 * A seller's Checkout Session expired unpaid: announced for a product checkout Payloft created
 * for this seller (its record names the product, rule: Our checkouts only), so what it held is
 * given back, with the buyer's e-mail when we can write to them (a recovery e-mail): the
 * signed-in buyer's e-mail on the record, else what Stripe collected.
 */
export async function expiredCheckout(
  sellerId: string,
  session: Stripe.Checkout.Session,
  source: Source,
): Promise<Publishable | null> {
  if (session.mode !== "payment" || session.payment_status === "paid") return null;
  const record = await findCheckout(session.id);
  if (!record || record.kind !== "product" || record.creator_id !== sellerId || !record.product_id) {
    logger.info("an expired checkout that is not one of this seller's product checkouts", { sellerId });
    return null;
  }
  const email = (record.buyer_email ?? session.customer_details?.email ?? session.customer_email ?? "")
    .trim()
    .toLowerCase();
  const reachable = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 320;
  return emit(CheckoutExpired, {
    ...source,
    seller_id: sellerId,
    checkout_id: session.id,
    product_id: record.product_id,
    ...(reachable ? { buyer_email: email } : {}),
  });
}
