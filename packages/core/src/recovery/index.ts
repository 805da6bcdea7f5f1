import { userById } from "../user/read";
import { getProduct } from "../product/view";
import { hasCompletedPurchase } from "../purchase/records";
import type { PropertiesOf, CheckoutExpired } from "../bus/events";
import { Config } from "../config/index";
import { Email } from "../email/index";
import { allows } from "../plan/gate";
import { recoveryMessage } from "./message";
import { sendOnce } from "./notice";
import { standing, unsubscribeTokenFor } from "./list";

/**
 * Payment recovery (Pro and up, rule: Features by plan): a buyer whose product checkout expired unpaid
 * gets one e-mail back to the product, at most once a week per product, never after they
 * unsubscribed (./unsubscribe.ts) or bought it.
 */
export namespace Recovery {
  export const WEEK_SECONDS = 7 * 24 * 3600;

  export type Outcome =
    "sent" | "no_buyer" | "not_entitled" | "unavailable" | "unsubscribed" | "bought" | "already_sent";

  export async function onCheckoutExpired(p: PropertiesOf<typeof CheckoutExpired>): Promise<Outcome> {
    // Nobody to write to: the expiry only gives back what the checkout held (CloseExpiredCheckout).
    if (!p.buyer_email) return "no_buyer";
    const seller = await userById(p.seller_id);
    if (!seller || seller.deactivated || !allows(seller, "payment_recovery")) return "not_entitled";
    const product = await getProduct(p.product_id);
    if (
      !product ||
      product.creator_id !== p.seller_id ||
      !product.is_active ||
      product.moderation_status !== "approved"
    )
      return "unavailable";
    const email = p.buyer_email.toLowerCase();
    if (await isUnsubscribed(email)) return "unsubscribed";
    if (await hasCompletedPurchase(email, p.product_id)) return "bought";
    const site = Config.siteUrl();
    const token = await unsubscribeTokenFor(email);
    const sent = await sendOnce(
      { kind: "recovery", key: `${email}#${p.product_id}`, ref: p.checkout_id, ttlSeconds: WEEK_SECONDS },
      () =>
        Email.send(
          recoveryMessage({
            to: email,
            productName: product.name,
            creatorName: seller.name ?? "",
            productUrl: `${site}/product/${encodeURIComponent(product.id)}`,
            unsubscribeUrl: `${site}/unsubscribe?token=${encodeURIComponent(token)}`,
          }),
        ),
    );
    return sent ? "sent" : "already_sent";
  }

  async function isUnsubscribed(email: string) {
    return !!(await standing(email))?.unsubscribed_at;
  }
}
