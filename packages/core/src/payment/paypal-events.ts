import * as z from "zod";
import { logger } from "../log/index";
import { PayPalRequestError, valueToCents, type Capture, type PayPalClient, type WebhookEvent } from "../paypal/client";
import {
  CheckoutExpired,
  DisputeCreated,
  emit,
  PurchasePaid,
  RefundCreated,
  type Publishable,
  type PropertiesOf,
} from "../bus/events";
import { findCheckout } from "../checkout/record";
import { translatePayPalMembershipEvent } from "./paypal-membership-events";
import { translatePayPalSaleReversal } from "./paypal-membership-refunds";

type PurchasePaidProps = PropertiesOf<typeof PurchasePaid>;

/** An ISO time -> Unix seconds (now when absent or unreadable). */
const unixSeconds = (iso: string | undefined) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Math.floor((Number.isNaN(t) ? Date.now() : t) / 1000);
};

/**
 * Verified PayPal webhook events -> the same domain events as Stripe's (bus/events.ts). Payloft's checkout id travels as the capture's
 * custom_id; refunds and disputes name only the capture, so it is read back from PayPal (a
 * refund made in PayPal's dashboard carries no custom_id). A capture that is not Payloft's
 * (no custom_id) or that PayPal does not know gives nothing: nothing is written (rule: Our checkouts only).
 */
const RefundResource = z.object({
  id: z.string(),
  /** Set by Payloft on the refund of one item of an order: the purchase it refunds. */
  custom_id: z.string().optional(),
  amount: z.object({ currency_code: z.string(), value: z.string() }).optional(),
  links: z.array(z.object({ rel: z.string(), href: z.string() })).default([]),
});
const DisputeResource = z.object({
  dispute_id: z.string(),
  reason: z.string().optional(),
  disputed_transactions: z.array(z.object({ seller_transaction_id: z.string().optional() })).default([]),
  dispute_amount: z.object({ currency_code: z.string(), value: z.string() }).optional(),
});
const CaptureResource = z.object({ id: z.string() });

/** A completed capture as a purchase.paid, when it carries Payloft's checkout id. */
export function paidFromCapture(
  sellerId: string,
  capture: Capture,
  eventId: string,
  buyerEmail?: string,
): PurchasePaidProps | null {
  if (capture.status !== "COMPLETED" || !capture.custom_id) return null;
  return {
    provider: "paypal",
    provider_event_id: eventId,
    occurred_at: unixSeconds(capture.create_time),
    seller_id: sellerId,
    checkout_id: capture.custom_id,
    payment_ref: capture.id,
    amount: valueToCents(capture.amount.value, capture.amount.currency_code),
    currency: capture.amount.currency_code.toLowerCase(),
    ...(buyerEmail ? { buyer_email: buyerEmail.trim().toLowerCase() } : {}),
  };
}

/** The capture PayPal knows by this id, or null when it knows none (a made-up id in a forged-but-verified event). */
async function captureOf(client: PayPalClient, id: string | undefined): Promise<Capture | null> {
  if (!id) return null;
  try {
    return await client.getCapture(id);
  } catch (err) {
    if (err instanceof PayPalRequestError && err.status === 404) return null;
    throw err;
  }
}

export async function translatePayPalEvent(
  sellerId: string,
  event: WebhookEvent,
  client: PayPalClient,
): Promise<Publishable[]> {
  // A membership's subscription or sale (./paypal-membership-events.ts).
  const membership = await translatePayPalMembershipEvent(sellerId, event);
  if (membership) return membership;
  // A membership's charge refunded or reversed (./paypal-membership-refunds.ts).
  const reversal = await translatePayPalSaleReversal(sellerId, event);
  if (reversal) return reversal;
  const base = {
    provider: "paypal" as const,
    provider_event_id: event.id,
    occurred_at: unixSeconds(event.create_time),
  };
  switch (event.event_type) {
    case "PAYMENT.CAPTURE.COMPLETED": {
      const { id } = CaptureResource.parse(event.resource);
      // Read back rather than trusted from the body: the amount and custom_id PayPal holds now.
      const capture = await captureOf(client, id);
      if (!capture) return [];
      const orderId = capture.supplementary_data?.related_ids?.order_id;
      const email = orderId ? (await client.getOrder(orderId)).payer?.email_address : undefined;
      const paid = paidFromCapture(sellerId, capture, event.id, email);
      return paid ? [emit(PurchasePaid, paid)] : [];
    }
    case "PAYMENT.CAPTURE.REFUNDED":
    case "PAYMENT.CAPTURE.REVERSED": {
      const refund = RefundResource.parse(event.resource);
      const up = refund.links.find((l) => l.rel === "up" && /\/captures\//.test(l.href));
      const capture = await captureOf(client, up ? up.href.split("/").pop() : refund.id);
      if (!capture?.custom_id) return [];
      const amount = valueToCents(capture.amount.value, capture.amount.currency_code);
      const whole = capture.status === "REFUNDED" || event.event_type === "PAYMENT.CAPTURE.REVERSED";
      // Payloft's refund of one item of an order names it; it reverses that purchase only.
      const item = event.event_type === "PAYMENT.CAPTURE.REFUNDED" ? refund.custom_id : undefined;
      return [
        emit(RefundCreated, {
          ...(item ? { purchase_id: item } : {}),
          ...base,
          seller_id: sellerId,
          checkout_id: capture.custom_id,
          payment_ref: capture.id,
          amount,
          amount_refunded: whole
            ? amount
            : refund.amount
              ? valueToCents(refund.amount.value, refund.amount.currency_code)
              : 0,
          currency: capture.amount.currency_code.toLowerCase(),
        }),
      ];
    }
    case "CUSTOMER.DISPUTE.CREATED": {
      const dispute = DisputeResource.parse(event.resource);
      const capture = await captureOf(client, dispute.disputed_transactions[0]?.seller_transaction_id);
      if (!capture?.custom_id) return [];
      const money = dispute.dispute_amount ?? capture.amount;
      return [
        emit(DisputeCreated, {
          ...base,
          seller_id: sellerId,
          checkout_id: capture.custom_id,
          payment_ref: capture.id,
          dispute_ref: dispute.dispute_id,
          amount: valueToCents(money.value, money.currency_code),
          currency: money.currency_code.toLowerCase(),
          reason: (dispute.reason ?? "general").slice(0, 100),
        }),
      ];
    }
    case "CHECKOUT.ORDER.VOIDED": {
      // Read back: the order as PayPal holds it, and Payloft's checkout id on it.
      const { id } = CaptureResource.parse(event.resource);
      const order = await client.getOrder(id).catch((err) => {
        if (err instanceof PayPalRequestError && err.status === 404) return null;
        throw err;
      });
      const checkoutId = order?.purchase_units?.[0]?.custom_id;
      const record = checkoutId ? await findCheckout(checkoutId) : null;
      if (!order || order.status !== "VOIDED" || !record?.product_id || record.creator_id !== sellerId) return [];
      const email = (record.buyer_email ?? order.payer?.email_address ?? "").trim().toLowerCase();
      return [
        emit(CheckoutExpired, {
          ...base,
          seller_id: sellerId,
          checkout_id: record.session_id,
          product_id: record.product_id,
          ...(email ? { buyer_email: email } : {}),
        }),
      ];
    }
    default:
      logger.info("paypal event ignored", { type: event.event_type, sellerId });
      return [];
  }
}
