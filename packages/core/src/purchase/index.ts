import type { DisputeCreated, PropertiesOf, PurchasePaid, RefundCreated } from "../bus/events";
import { PurchaseEntity, type PurchaseItem } from "../db/entities";
import { NotFoundError } from "../errors";
import { fulfilCheckout } from "./fulfil";
import { sendDisputeNoticeOnce } from "./dispute-notice";
import { recordReversal } from "./ledger";
import { sendReversalNoticeOnce } from "./reversal-notice";
import { Access } from "../access/index";
import { membershipOfSale } from "../membership/summary";
import { orderIdOf, purchasesOfOrder } from "./order";

/**
 * Product purchases: fulfilment of a seller's paid checkout exactly once (rule: Fulfilled once),
 * only for checkouts Payloft created (rule: Our checkouts only) and from their snapshot
 * (rule: Paid means delivered), refunds, and the success page. The webhook subscriber and the
 * success page both go through `fulfilCheckout` (./fulfil.ts), the one fulfilment path.
 */
export namespace Purchase {
  type Item = PurchaseItem;

  export interface Info {
    id: string;
    product_id: string;
    product_name: string;
    description: string;
    creator_id: string;
    creator_name: string;
    customer_email: string;
    /** cents, net of tax */
    amount: number;
    /** cents of tax charged on top (0 when none) */
    tax: number;
    currency: string;
    status: Item["status"];
    created_at: string;
  }

  function serialize(p: Item): Info {
    return {
      id: p.id,
      product_id: p.product_id,
      product_name: p.product_name,
      description: p.product_description ?? "",
      creator_id: p.creator_id,
      creator_name: p.creator_name ?? "",
      customer_email: p.customer_email,
      amount: p.amount,
      tax: p.tax ?? 0,
      currency: p.currency,
      status: p.status,
      created_at: p.created_at,
    };
  }

  const load = async (id: string) => (await PurchaseEntity.get({ id }).go({ consistent: true })).data;

  export async function get(sessionId: string): Promise<Info | null> {
    const p = await load(sessionId);
    return p ? serialize(p) : null;
  }

  const NOT_FOUND = () => new NotFoundError("purchase.not_found", "Purchase details not found");

  /** purchase.paid: a provider says a seller's checkout was paid. Throws to be retried. */
  export async function onPaid(p: PropertiesOf<typeof PurchasePaid>): Promise<Info | null> {
    const stored = await fulfilCheckout(p.checkout_id, p.seller_id);
    return stored ? serialize(stored) : null;
  }

  /**
   * The stored purchase of a seller's checkout, recorded first if its payment event is late:
   * then without the receipt, as the sale is being taken back (the payment event, when it
   * comes, finds it refunded or disputed and sends nothing).
   */
  async function purchaseOf(checkoutId: string, sellerId: string) {
    const purchase = (await load(checkoutId)) ?? (await fulfilCheckout(checkoutId, sellerId, { afterSteps: false }));
    return purchase && purchase.creator_id === sellerId ? purchase : null;
  }

  /**
   * refund.created: marks the purchase refunded and reverses its figures once, recording it
   * first if its payment event has not arrived yet (then without the receipt), then tells the
   * buyer once. Partial refunds
   * change nothing. `notify: false` is for the seller's Refund button: it has already moved the
   * money, so it must not fail on an e-mail, and a send it started and lost would leave a
   * concurrent subscriber run seeing the claim and sending nothing. The notice goes out from
   * the provider's own refund event (always sent for a refund made through its API), whose
   * subscriber the bus retries until it is sent.
   */
  export async function refund(
    p: PropertiesOf<typeof RefundCreated>,
    opts: { notify?: boolean } = {},
  ): Promise<Info | null> {
    // A partial refund changes nothing, unless it names the one item of an order it refunded.
    if (!p.purchase_id && p.amount_refunded < p.amount) return null;
    const purchase = await purchaseOf(p.checkout_id, p.seller_id);
    if (!purchase) return null;
    // One item of an order refunded on its own (Sales History: a partial refund naming it).
    if (p.purchase_id) return refundOne(purchase, p.purchase_id, opts);
    // The whole payment: every purchase in it, each reversed once.
    for (const each of await purchasesOfOrder(purchase)) {
      if (each.status === "completed") await recordReversal(each, "refunded");
      const stored = (await load(each.id))!;
      if (stored.status === "refunded" && opts.notify !== false) await sendReversalNoticeOnce(stored);
    }
    return serialize((await load(p.checkout_id))!);
  }

  async function refundOne(first: Item, purchaseId: string, opts: { notify?: boolean }): Promise<Info | null> {
    const item = (await purchasesOfOrder(first)).find((x) => x.id === purchaseId);
    if (!item) return null;
    if (item.status === "completed") await recordReversal(item, "refunded");
    const stored = (await load(item.id))!;
    if (stored.status === "refunded" && opts.notify !== false) await sendReversalNoticeOnce(stored);
    return serialize(stored);
  }

  /**
   * dispute.created: the sale is marked disputed (access revoked, figures reversed) once, and
   * the seller and the buyer are each told by e-mail once. A sale already refunded stays
   * refunded (its money went back already) and needs no e-mail. A dispute is about the whole
   * payment: every purchase of its order.
   */
  export async function dispute(p: PropertiesOf<typeof DisputeCreated>): Promise<Info | null> {
    const purchase = await purchaseOf(p.checkout_id, p.seller_id);
    if (!purchase) return null;
    for (const each of await purchasesOfOrder(purchase)) {
      if (each.status === "completed") await recordReversal(each, "disputed");
      const stored = (await load(each.id))!;
      if (stored.status === "disputed") {
        await sendDisputeNoticeOnce(stored, p.reason);
        await sendReversalNoticeOnce(stored);
      }
    }
    return serialize((await load(p.checkout_id))!);
  }

  /**
   * The success page's view of a session: the stored purchase, or, when the webhook has not
   * arrived yet, the checkout fulfilled on the spot. A provider hiccup is a 502 (the page asks
   * again); a failed after-fulfilment step (the receipt) still shows the stored purchase, and
   * the webhook's retries finish it.
   */
  export async function reconcile(sessionId: string): Promise<Info | null> {
    try {
      const stored = await fulfilCheckout(sessionId);
      return stored ? serialize(stored) : null;
    } catch (err) {
      const stored = await load(sessionId);
      if (stored) return serialize(stored);
      throw err;
    }
  }

  /**
   * GET /api/checkout/success?session_id=: the spec's answer shape, from the purchase's snapshot,
   * except that the content is the purchase's access link, never the raw content URL (rule: Access links).
   */
  export async function successView(sessionId: string) {
    const p = await reconcile(sessionId);
    if (!p) throw NOT_FOUND();
    const stored = (await load(p.id))!;
    // Every purchase of the payment (one, or an order's several), each with its own access link.
    const purchases = await Promise.all((await purchasesOfOrder(stored)).map(successPurchase));
    return {
      product: { name: p.product_name, description: p.description },
      purchase: purchases[0]!,
      purchases,
      order: {
        id: orderIdOf(stored),
        amount: purchases.reduce((s, x) => s + x.amount, 0),
        tax: purchases.reduce((s, x) => s + x.tax, 0),
        total: purchases.reduce((s, x) => s + x.total, 0),
        currency: p.currency,
      },
      // A membership's first sale: what was subscribed to and when the first charge comes.
      membership: await membershipOfSale(stored.membership_id),
    };
  }

  async function successPurchase(stored: Item) {
    const p = serialize(stored);
    return {
      id: p.id,
      product_id: p.product_id,
      product_name: p.product_name,
      // Refunded or disputed: the access is revoked, so the link is not handed out any more.
      access_url: p.status === "completed" ? await Access.linkFor(stored) : null,
      license_key: stored.license_key ?? null,
      // A bundle: every item with its own link and key, grouped under it (rule: Bundles).
      bundle_items: Access.deliveredItems(stored),
      amount: p.amount,
      tax: p.tax,
      // What the buyer paid: the price plus the tax the provider added.
      total: p.amount + p.tax,
      currency: p.currency,
      created_at: p.created_at,
      customer_email: p.customer_email,
      status: p.status,
    };
  }
}
