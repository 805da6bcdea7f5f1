import { formatMoney } from "../currency/units";
import type { PurchaseItem } from "../db/entities";
import { Email } from "../email/index";
import { sendOnce } from "./once";

/**
 * Tells the buyer, once, that their payment was refunded, when they never had the receipt: the
 * refund's event arrived before the payment's, so the sale was recorded and taken back in one
 * go. They get this instead of a receipt that would promise permanent access and a licence key
 * that no longer work.
 */
export async function sendRefundNoticeOnce(p: PurchaseItem): Promise<boolean> {
  if (p.refund_notice_sent_at || p.receipt_sent_at || p.status !== "refunded") return false;
  return sendOnce(p.id, "refund_notice_sent_at", () => Email.send(refundNotice(p)));
}

export function refundNotice(
  p: Pick<PurchaseItem, "id" | "product_name" | "creator_name" | "customer_email" | "amount" | "tax" | "currency">,
) {
  const paid = formatMoney(p.amount + (p.tax ?? 0), p.currency || "usd");
  const seller = p.creator_name ? ` from ${p.creator_name}` : "";
  const text = [
    `Your payment of ${paid} for "${p.product_name}"${seller} has been refunded.`,
    "",
    "The money goes back to the card or account you paid with; your bank may take a few days to show it.",
    "The purchase is closed, so there is no access link or licence key for it.",
    "",
    `Order: ${p.id}`,
  ].join("\n");
  return { to: p.customer_email, subject: `Refunded: ${p.product_name}`, text };
}
