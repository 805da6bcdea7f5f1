import type Stripe from "stripe";
import type { DisputeCreated, PropertiesOf, PurchasePaid, RefundCreated } from "../bus/events";
import {
  CheckoutEntity,
  EmailEntity,
  ProductEntity,
  PurchaseEntity,
  UserEntity,
  type PurchaseItem,
} from "../db/entities";
import { NotFoundError, ProviderError } from "../errors";
import { Integration } from "../integration/index";
import { logger } from "../log/index";
import { stripeClient } from "../payment/stripe";
import { ProductGoneError, recordPurchase, recordRefund } from "./ledger";
import { sendReceiptOnce } from "./receipt";
import { settlePayPalCheckout } from "./paypal";

/**
 * Product purchases: fulfilment of a seller's paid Checkout Session exactly once
 * (DECISIONS 10), refunds, the success page's reconciliation and the receipt e-mail.
 * The webhook subscriber and the success page both end in `fulfil`, which is idempotent.
 */
export namespace Purchase {
  type Item = PurchaseItem;

  export interface Info {
    id: string;
    product_id: string;
    product_name: string;
    description: string;
    content_url: string;
    creator_id: string;
    creator_name: string;
    customer_email: string;
    amount: number;
    currency: string;
    status: "completed" | "refunded";
    created_at: string;
  }

  function serialize(p: Item): Info {
    return {
      id: p.id,
      product_id: p.product_id,
      product_name: p.product_name,
      description: p.product_description ?? "",
      content_url: p.content_url,
      creator_id: p.creator_id,
      creator_name: p.creator_name ?? "",
      customer_email: p.customer_email,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      created_at: p.created_at,
    };
  }

  const load = async (id: string) => (await PurchaseEntity.get({ id }).go()).data;

  export async function get(sessionId: string): Promise<Info | null> {
    const p = await load(sessionId);
    return p ? serialize(p) : null;
  }

  const CONFIRM_FAILED = "We could not confirm your payment with the payment provider. Please refresh in a moment.";
  const NOT_FOUND = () => new NotFoundError("purchase.not_found", "Purchase details not found");

  /** Is this a paid product purchase for this seller? Anything else is not ours to fulfil. */
  function productPurchase(sellerId: string, s: Stripe.Checkout.Session) {
    const m = s.metadata ?? {};
    if (m.kind !== "product" || !m.product_id) return null;
    // A seller's signed events can only fulfil that seller's own products.
    if (m.creator_id && m.creator_id !== sellerId) return null;
    if (s.status !== "complete" || s.payment_status !== "paid") return null;
    return { productId: m.product_id };
  }

  /**
   * Records the purchase of a completed, paid Checkout Session from seller `sellerId`'s Stripe
   * account, once; then sends the receipt once. Returns null for sessions that are not a paid
   * product purchase of this seller (ignored, not retried).
   */
  export async function fulfil(sellerId: string, session: Stripe.Checkout.Session): Promise<Info | null> {
    const target = productPurchase(sellerId, session);
    if (!target) return null;
    let stored = await load(session.id);
    if (!stored) {
      const product = (await ProductEntity.get({ id: target.productId }).go()).data;
      if (!product || product.creator_id !== sellerId) {
        logger.error("paid session for an unknown product", {
          sessionId: session.id,
          productId: target.productId,
          sellerId,
        });
        return null;
      }
      const email = (session.customer_details?.email ?? session.customer_email ?? "").trim().toLowerCase();
      if (!email) throw new Error(`session ${session.id} has no buyer e-mail`);
      const [creator, account] = await Promise.all([
        UserEntity.get({ id: sellerId }).go({ attributes: ["name"] }),
        EmailEntity.get({ email }).go(),
      ]);
      try {
        await recordPurchase({
          id: session.id,
          product_id: product.id,
          product_name: product.name,
          product_description: product.description ?? "",
          content_url: product.content_url,
          creator_id: sellerId,
          creator_name: creator.data?.name ?? "",
          customer_email: email,
          customer_user_id: account.data?.user_id,
          // What the buyer paid: the server computed it when it created the session (DECISIONS 4).
          amount: session.amount_total ?? product.price,
          currency: session.currency ?? "usd",
          payment_intent:
            typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id,
        });
      } catch (err) {
        if (err instanceof ProductGoneError) {
          logger.error("product deleted before its sale was recorded", { sessionId: session.id });
          return null;
        }
        throw err;
      }
      stored = (await load(session.id))!;
    }
    await sendReceiptOnce(stored);
    return serialize(stored);
  }

  /**
   * The one way a paid checkout becomes a purchase: the Payloft checkout record (none: not
   * ours, nothing happens), the session as the seller's Stripe reports it now, then `fulfil`.
   * Throws when Stripe cannot be asked, so the bus retries.
   */
  async function fulfilCheckout(sessionId: string, sellerId?: string): Promise<Info | null> {
    const existing = await load(sessionId);
    if (existing) {
      await sendReceiptOnce(existing);
      return serialize(existing);
    }
    const checkout = (await CheckoutEntity.get({ session_id: sessionId }).go()).data;
    if (!checkout || checkout.kind !== "product" || !checkout.creator_id) return null;
    if (sellerId && checkout.creator_id !== sellerId) return null;
    // PayPal: the order as PayPal reports it now, captured when approved, recorded once.
    if (checkout.provider === "paypal") {
      const settled = await settlePayPalCheckout(sessionId);
      return settled ? serialize(settled) : null;
    }
    const secret = await Integration.stripeSecretFor(checkout.creator_id);
    if (!secret) return null;
    let session: Stripe.Checkout.Session;
    try {
      session = await stripeClient(secret).checkout.sessions.retrieve(sessionId);
    } catch (err) {
      logger.warn("could not retrieve checkout session", { sessionId, error: (err as Error).message });
      throw new ProviderError(CONFIRM_FAILED, "checkout.confirm_failed");
    }
    return fulfil(checkout.creator_id, session);
  }

  /** purchase.paid: a provider says a seller's checkout was paid. */
  export async function onPaid(p: PropertiesOf<typeof PurchasePaid>): Promise<Info | null> {
    return fulfilCheckout(p.checkout_id, p.seller_id);
  }

  /**
   * refund.created: marks the purchase refunded and reverses its figures once, fulfilling it
   * first if its payment event has not arrived yet. Partial refunds change nothing.
   */
  export async function refund(p: PropertiesOf<typeof RefundCreated>): Promise<Info | null> {
    if (p.amount_refunded < p.amount) return null;
    const purchase =
      (await load(p.checkout_id)) ??
      ((await fulfilCheckout(p.checkout_id, p.seller_id)) && (await load(p.checkout_id)));
    if (!purchase || purchase.creator_id !== p.seller_id) return null;
    if (purchase.status !== "refunded") await recordRefund(purchase);
    return serialize((await load(p.checkout_id))!);
  }

  /**
   * dispute.created: the buyer disputed the sale with their bank or PayPal; access is revoked
   * at once like a full refund (the purchase shows as refunded, its figures reversed, once).
   */
  export async function dispute(p: PropertiesOf<typeof DisputeCreated>): Promise<Info | null> {
    return refund({ ...p, amount_refunded: p.amount });
  }

  /**
   * The success page's view of a session: the stored purchase, or, when the webhook has not
   * arrived yet, the checkout fulfilled on the spot. A provider hiccup is a 502 (the page
   * asks again); a failed receipt still shows the stored purchase, and the webhook's retries
   * send it.
   */
  export async function reconcile(sessionId: string): Promise<Info | null> {
    const existing = await load(sessionId);
    if (existing) return serialize(existing);
    try {
      return await fulfilCheckout(sessionId);
    } catch (err) {
      const stored = await load(sessionId);
      if (stored) return serialize(stored);
      throw err;
    }
  }

  /** GET /api/checkout/success?session_id=: the answer shape of the API contract. */
  export async function successView(sessionId: string) {
    const p = await reconcile(sessionId);
    if (!p) throw NOT_FOUND();
    return {
      product: { name: p.product_name, description: p.description, content_url: p.content_url },
      purchase: {
        id: p.id,
        amount: p.amount,
        currency: p.currency,
        created_at: p.created_at,
        customer_email: p.customer_email,
        status: p.status,
      },
    };
  }
}
