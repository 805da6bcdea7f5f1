import { CheckoutEntity, EmailEntity, ProductEntity, PurchaseEntity, UserEntity } from "../db/entities";
import { logger } from "../log/index";
import type { PropertiesOf, PurchasePaid } from "../bus/events";

type PurchasePaidProps = PropertiesOf<typeof PurchasePaid>;
import { ProductGoneError, recordPurchase } from "./ledger";
import { sendReceiptOnce } from "./receipt";

/**
 * Records a PayPal payment against the checkout record Payloft stored when the checkout began
 * (DECISIONS 20): the record decides product, seller, amount and currency; a payment for any
 * other checkout, or one that disagrees with the record, writes nothing. The purchase id is the
 * checkout id, so the conditional create makes fulfilment exactly-once however many times and
 * in whatever order the return route, purchase.paid and reloads arrive (DECISIONS 10).
 */
export async function recordPaidCheckout(p: PurchasePaidProps) {
  const load = async () => (await PurchaseEntity.get({ id: p.checkout_id }).go()).data;
  let stored = await load();
  if (!stored) {
    const checkout = (await CheckoutEntity.get({ session_id: p.checkout_id }).go()).data;
    const ours =
      checkout?.kind === "product" &&
      checkout.creator_id === p.seller_id &&
      checkout.product_id &&
      checkout.amount === p.amount &&
      (checkout.currency ?? "usd") === p.currency;
    if (!checkout || !ours) {
      logger.error("paid event does not match a checkout record", { checkoutId: p.checkout_id, sellerId: p.seller_id });
      return null;
    }
    const product = (await ProductEntity.get({ id: checkout.product_id! }).go()).data;
    if (!product || product.creator_id !== p.seller_id) {
      logger.error("paid checkout for an unknown product", { checkoutId: p.checkout_id });
      return null;
    }
    const email = (p.buyer_email ?? "").trim().toLowerCase();
    if (!email) throw new Error(`checkout ${p.checkout_id} was paid without a buyer e-mail`);
    const [creator, account] = await Promise.all([
      UserEntity.get({ id: p.seller_id }).go({ attributes: ["name"] }),
      EmailEntity.get({ email }).go(),
    ]);
    try {
      await recordPurchase({
        id: p.checkout_id,
        product_id: product.id,
        product_name: product.name,
        product_description: product.description ?? "",
        content_url: product.content_url,
        creator_id: p.seller_id,
        creator_name: creator.data?.name ?? "",
        customer_email: email,
        customer_user_id: account.data?.user_id,
        amount: checkout.amount!,
        currency: checkout.currency ?? "usd",
        payment_intent: p.payment_ref,
        provider: p.provider,
      });
    } catch (err) {
      if (err instanceof ProductGoneError) {
        logger.error("product deleted before its sale was recorded", { checkoutId: p.checkout_id });
        return null;
      }
      throw err;
    }
    stored = (await load())!;
  }
  await sendReceiptOnce(stored);
  return stored;
}
