import { findCheckout, productSnapshot, type LineItem } from "../checkout/record";
import { reservationOf } from "../checkout/reservation";
import { consume } from "../discount/redeem";
import { confirmPayment, type ConfirmedPayment } from "../checkout/confirm";
import { markSettled } from "../checkout/open";
import { EmailEntity, ProductEntity, PurchaseEntity, type CheckoutItem, type PurchaseItem } from "../db/entities";
import { logger } from "../log/index";
import { runAfterFulfilment } from "./after";
import { recordPurchases } from "./ledger";
import { linesOf, purchaseIdOf, purchasesOfOrder, shareTax } from "./order";
import { commissionOf } from "../affiliate/commission";
import { startFromCheckout } from "../membership/start";

/**
 * THE fulfilment path, for the webhook subscriber and the success page alike:
 *  1. the purchase already exists → only the after-fulfilment steps (they are idempotent);
 *  2. Payloft's checkout record decides what was sold and for how much (no record: not ours,
 *     nothing is written, rule: Our checkouts only);
 *  3. the provider confirms it was paid, that amount, that currency;
 *  4. the purchase is recorded once from the record's product snapshot (so a product deleted
 *     or switched off after checkout began is still delivered, rule: Paid means delivered);
 *  5. the after-fulfilment steps (receipt, …).
 * Returns null when there is nothing to fulfil; throws when it should be tried again.
 */
const load = async (id: string) => (await PurchaseEntity.get({ id }).go({ consistent: true })).data;

export async function fulfilCheckout(
  checkoutId: string,
  sellerId?: string,
  opts: { afterSteps?: boolean } = {},
): Promise<PurchaseItem | null> {
  // A refund or dispute that arrives first records the sale without its receipt: it is about to be taken back.
  const afterSteps = opts.afterSteps ?? true;
  const existing = await load(checkoutId);
  if (existing) {
    if (sellerId && existing.creator_id !== sellerId) return null;
    // A refunded or disputed purchase gets no late receipt.
    if (afterSteps)
      for (const p of await purchasesOfOrder(existing)) if (p.status === "completed") await runAfterFulfilment(p);
    return existing;
  }
  const record = await findCheckout(checkoutId);
  // A membership's checkout: the membership and its first sale (core/src/membership).
  if (record?.kind === "membership" && (!sellerId || record.creator_id === sellerId))
    return startFromCheckout(record, { afterSteps });
  if (!record || record.kind !== "product" || !record.creator_id || !record.product_id) {
    logger.warn("a paid checkout Payloft did not create was ignored", { checkoutId, sellerId });
    return null;
  }
  if (sellerId && record.creator_id !== sellerId) {
    logger.warn("a seller's event named another seller's checkout", { checkoutId, sellerId });
    return null;
  }
  const paid = await confirmPayment(record);
  if (!paid?.paid) return null;
  if (!matchesRecord(paid, record)) {
    logger.error("a paid checkout does not match what Payloft asked for; not fulfilled", {
      checkoutId,
      expected: { amount: record.amount, currency: record.currency, automatic_tax: !!record.automatic_tax },
      paid: { amount: paid.amount, subtotal: paid.subtotal, tax: paid.tax, currency: paid.currency },
    });
    return null;
  }
  const email = (paid.buyer_email ?? record.buyer_email ?? "").trim().toLowerCase();
  if (!email) throw new Error(`checkout ${checkoutId} was paid without a buyer e-mail`);
  const lines = record.product_snapshot ? linesOf(record) : await linesOfLiveProduct(record);
  if (!lines) {
    logger.error("a paid checkout has no product snapshot and its product is gone", { checkoutId });
    return null;
  }
  const account = (await EmailEntity.get({ email }).go()).data;
  const taxes = shareTax(
    lines.map((l) => l.amount),
    paid.tax ?? 0,
  );
  const order = lines.length > 1 ? { order_id: record.session_id, order_size: lines.length } : {};
  // One purchase per line, all in one transaction (./ledger.ts): the order exists whole or not at all.
  // The affiliate's commission is on each purchase itself: their balance follows from it (core/src/tally).
  const commissions = await Promise.all(
    lines.map((l) =>
      commissionOf(
        { ...record, amount: l.amount, ...(lines.length > 1 ? { line_product_id: l.product_id } : {}) },
        email,
      ),
    ),
  );
  await recordPurchases(
    lines.map((line, i) => ({
      id: purchaseIdOf(record.session_id, i),
      ...order,
      product_id: line.product_id,
      product_name: line.product_snapshot.name,
      product_description: line.product_snapshot.description,
      content_url: line.product_snapshot.content_url,
      content_file: line.product_snapshot.content_file,
      content_file_name: line.product_snapshot.content_file_name,
      license_keys: line.product_snapshot.license_keys ?? false,
      ...(line.product_snapshot.bundle_items ? { bundle_items: line.product_snapshot.bundle_items } : {}),
      creator_id: record.creator_id!,
      creator_name: line.product_snapshot.creator_name,
      customer_email: email,
      ...(paid.buyer_name ? { customer_name: paid.buyer_name.slice(0, 200) } : {}),
      customer_user_id: account?.user_id,
      amount: line.amount,
      ...(taxes[i] ? { tax: taxes[i] } : {}),
      currency: record.currency ?? "usd",
      provider: record.provider ?? "stripe",
      payment_intent: paid.payment_ref,
      ...(record.visit ? { visit: record.visit } : {}),
      ...commissions[i],
    })),
  );
  const stored = (await load(record.session_id))!;
  // A sale now: the discount use it held is taken for good (the buyer's hold on the code goes
  // down), and the checkout reconciler need not look at it (it would see the sale and skip it).
  const reservation = reservationOf(record);
  if (reservation) await consume(reservation);
  await markSettled(record);
  if (afterSteps) for (const p of await purchasesOfOrder(stored)) await runAfterFulfilment(p);
  return stored;
}

/**
 * The record fixes the price; only the provider knows the tax (it depends on the buyer's
 * address). So: the subtotal is exactly the recorded amount, the total is exactly subtotal plus
 * tax, and tax appears only on a checkout that asked the provider for it.
 */
function matchesRecord(paid: ConfirmedPayment, record: CheckoutItem): record is CheckoutItem & { amount: number } {
  const tax = paid.tax ?? 0;
  const subtotal = paid.subtotal ?? paid.amount;
  if (paid.currency !== record.currency || subtotal !== record.amount) return false;
  // An order's lines add up to what it charged (the record is ours, so this is a guard against our own bugs).
  if (record.line_items?.length && record.line_items.reduce((s, l) => s + l.amount, 0) !== record.amount) return false;
  if (tax < 0 || (tax > 0 && !record.automatic_tax)) return false;
  return paid.amount === subtotal + tax;
}

/** Checkouts recorded before snapshots existed: the product as it is now, if it still exists. */
async function linesOfLiveProduct(record: CheckoutItem): Promise<LineItem[] | null> {
  const product = (await ProductEntity.get({ id: record.product_id! }).go()).data;
  if (!product || product.creator_id !== record.creator_id) return null;
  return linesOf({ ...record, product_snapshot: await productSnapshot(product) });
}
