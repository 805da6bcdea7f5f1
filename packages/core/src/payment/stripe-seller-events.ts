import type Stripe from "stripe";
import { DisputeCreated, PurchasePaid, RefundCreated, emit, type Publishable } from "../bus/events";
import { expiredCheckout } from "../recovery/expired";
import { Integration } from "../integration/index";
import { logger } from "../log/index";
import { stripeClient } from "./stripe";
import { saleOfInvoicePayment } from "./stripe-invoice-payments";
import { translateMembershipEvent } from "./stripe-membership-events";

/**
 * A seller's verified Stripe event, translated into domain events. Nothing here decides
 * whether a sale happened: fulfilment checks Payloft's own checkout record and asks Stripe
 * again (a seller can read their endpoint's signing secret, so even a signed event is only
 * a hint, rule: Our checkouts only).
 */
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : v?.id);

export async function translateSellerEvent(sellerId: string, event: Stripe.Event): Promise<Publishable[]> {
  const source = { provider: "stripe" as const, provider_event_id: event.id, occurred_at: event.created };
  const membership = await translateMembershipEvent(sellerId, event);
  if (membership) return membership;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const s = event.data.object;
      // A delayed payment method completes the session unpaid; async_payment_succeeded follows.
      if (s.mode !== "payment" || s.payment_status !== "paid") return [];
      const email = s.customer_details?.email ?? s.customer_email;
      return [
        emit(PurchasePaid, {
          ...source,
          seller_id: sellerId,
          checkout_id: s.id,
          payment_ref: idOf(s.payment_intent),
          amount: s.amount_total ?? 0,
          currency: (s.currency ?? "usd").toLowerCase(),
          ...(email ? { buyer_email: email } : {}),
        }),
      ];
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const pi = idOf(charge.payment_intent);
      const checkoutId = pi ? await checkoutOfPayment(sellerId, pi) : undefined;
      if (!pi || !checkoutId) return [];
      const refund = {
        ...source,
        seller_id: sellerId,
        checkout_id: checkoutId,
        payment_ref: pi,
        amount: charge.amount,
        amount_refunded: charge.amount_refunded,
        currency: charge.currency.toLowerCase(),
      };
      if (charge.amount_refunded >= charge.amount) return [emit(RefundCreated, refund)];
      // Partly refunded: the refunds Payloft made for one item of an order each reverse that item.
      return (await itemRefunds(sellerId, charge.id)).map(({ id, purchaseId }) =>
        emit(RefundCreated, { ...refund, provider_event_id: id, purchase_id: purchaseId }),
      );
    }
    case "charge.dispute.created": {
      const dispute = event.data.object;
      const pi = idOf(dispute.payment_intent);
      const checkoutId = pi ? await checkoutOfPayment(sellerId, pi) : undefined;
      if (!pi || !checkoutId) return [];
      return [
        emit(DisputeCreated, {
          ...source,
          seller_id: sellerId,
          checkout_id: checkoutId,
          payment_ref: pi,
          dispute_ref: dispute.id,
          amount: dispute.amount,
          currency: dispute.currency.toLowerCase(),
          reason: dispute.reason || "general",
        }),
      ];
    }
    case "checkout.session.expired": {
      const expired = await expiredCheckout(sellerId, event.data.object, source);
      return expired ? [expired] : [];
    }
    default:
      logger.info("seller event ignored", { type: event.type, sellerId });
      return [];
  }
}

/** The sale (Checkout Session, or a membership's invoice) a payment belongs to, asked of the seller's own Stripe account. */
async function checkoutOfPayment(sellerId: string, paymentIntent: string): Promise<string | undefined> {
  const secret = await Integration.stripeSecretFor(sellerId);
  if (!secret) {
    logger.error("a seller event for a payment, but the seller has no Stripe key", { sellerId, paymentIntent });
    return undefined;
  }
  const stripe = stripeClient(secret);
  const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
  // No session of a payment: a membership's charge, which paid an invoice.
  return sessions.data[0]?.id ?? (await saleOfInvoicePayment(stripe, paymentIntent));
}

/**
 * The charge's refunds that name one purchase of an order (Sales History's refund of one item,
 * core/src/refund/providers.ts): each is its own event, keyed by the refund's id, so a later
 * partial refund's event that lists it again changes nothing.
 */
async function itemRefunds(sellerId: string, chargeId: string): Promise<{ id: string; purchaseId: string }[]> {
  const secret = await Integration.stripeSecretFor(sellerId);
  if (!secret) return [];
  const refunds = await stripeClient(secret).refunds.list({ charge: chargeId, limit: 100 });
  return refunds.data.flatMap((r) =>
    r.status === "succeeded" && r.metadata?.payloft_item ? [{ id: r.id, purchaseId: r.metadata.payloft_item }] : [],
  );
}
