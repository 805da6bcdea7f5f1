import { UserEntity, type PurchaseItem } from "../db/entities";
import { sendOnce } from "./once";
import { Email } from "../email/index";
import { logger } from "../log/index";
import { money } from "./receipt";

/**
 * Tells the seller, once, that a buyer disputed a sale (claimed by dispute_notice_sent_at,
 * ./once.ts).
 */
export async function sendDisputeNoticeOnce(p: PurchaseItem, reason: string): Promise<boolean> {
  if (p.dispute_notice_sent_at) return false;
  const seller = (await UserEntity.get({ id: p.creator_id }).go({ attributes: ["email", "name"] })).data;
  if (!seller?.email) {
    logger.warn("a disputed sale's seller has no e-mail any more", { purchaseId: p.id });
    return false;
  }
  return sendOnce(p.id, "dispute_notice_sent_at", () =>
    Email.send(disputeMessage(p, seller.email, seller.name ?? "", reason)),
  );
}

export function disputeMessage(p: PurchaseItem, to: string, name: string, reason: string) {
  const amount = money(p.amount, p.currency);
  const text = [
    `Hi${name ? ` ${name}` : ""},`,
    "",
    `A buyer disputed their payment for "${p.product_name}" with ${p.provider === "paypal" ? "PayPal" : "their bank"}.`,
    "",
    `Buyer: ${p.customer_email}`,
    `Amount: ${amount}`,
    `Order: ${p.id}`,
    `Reason given: ${reason.replace(/_/g, " ")}`,
    "",
    "What happens now:",
    "- The buyer's access to the content has been switched off.",
    "- The sale is marked Disputed and no longer counts in your revenue.",
    "- Respond to the dispute with your evidence in your payment provider's dashboard; the bank decides.",
  ].join("\n");
  return { to, subject: `A payment was disputed: ${p.product_name}`, text };
}
