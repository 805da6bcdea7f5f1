import { commissionOf } from "../affiliate/commission";
import { markSettled } from "../checkout/open";
import type { CheckoutItem, PurchaseItem } from "../db/entities";
import { billingOf } from "../product/tiers";
import { transact } from "../product/store";
import { runAfterFulfilment } from "../purchase/after";
import { accountOfEmail, deliveredFrom, recordPurchases } from "../purchase/ledger";
import { purchaseById } from "../purchase/records";
import { getProduct } from "../product/view";
import { iso } from "./state";
import type { State } from "./stripe";

/**
 * The membership and its first sale, written once (any provider): the membership and the
 * product's member count in one transaction, then the sale keyed by the checkout id.
 */
export async function recordStart(
  record: CheckoutItem,
  start: {
    id: string;
    provider: "stripe" | "paypal";
    email: string;
    state: State;
    providerTime: number;
    firstAmount: number;
    paymentRef?: string;
    afterSteps?: boolean;
  },
): Promise<PurchaseItem> {
  const { email, state: s } = start;
  const snapshot = record.product_snapshot!;
  if (!email) throw new Error(`membership checkout ${record.session_id} was completed without a buyer e-mail`);
  const userId = await accountOfEmail(email);
  const product = await getProduct(record.product_id!);
  const tierName = product ? billingOf(product).tiers.find((t) => t.id === s.tier)?.name : undefined;
  const codes = await transact(({ membership, product: products }) => [
    membership
      .create({
        id: start.id,
        provider: start.provider,
        creator_id: record.creator_id!,
        product_id: record.product_id!,
        product_name: snapshot.name,
        checkout_id: record.session_id,
        purchase_id: record.session_id,
        customer_email: email,
        ...(userId ? { customer_user_id: userId } : {}),
        tier: s.tier,
        ...(tierName ? { tier_name: tierName } : {}),
        interval: s.interval,
        amount: s.amount,
        currency: s.currency,
        status: s.status,
        current_period_end: iso(s.current_period_end),
        cancel_at_period_end: s.cancel_at_period_end,
        provider_time: start.providerTime,
        ...(record.affiliate_id
          ? { affiliate_id: record.affiliate_id, affiliate_percent: record.affiliate_percent }
          : {}),
      })
      .commit(),
    ...(product ? [products.patch({ id: product.id }).add({ member_count: 1 }).commit()] : []),
  ]);
  if (codes && codes[0] !== "ConditionalCheckFailed")
    throw new Error(`could not record membership ${start.id}: ${codes.join(", ")}`);
  await recordPurchases([
    {
      id: record.session_id,
      product_id: record.product_id!,
      ...deliveredFrom(snapshot),
      creator_id: record.creator_id!,
      customer_email: email,
      customer_user_id: userId,
      amount: start.firstAmount,
      currency: s.currency,
      provider: start.provider,
      ...(start.paymentRef ? { payment_intent: start.paymentRef } : {}),
      membership_id: start.id,
      ...(record.visit ? { visit: record.visit } : {}),
      // The first charge credits the affiliate (nothing in a trial: the renewals do).
      ...(await commissionOf({ ...record, amount: start.firstAmount }, email)),
    },
  ]);
  await markSettled(record);
  const stored = (await purchaseById(record.session_id, { consistent: true }))!;
  if (start.afterSteps !== false) await runAfterFulfilment(stored);
  return stored;
}
