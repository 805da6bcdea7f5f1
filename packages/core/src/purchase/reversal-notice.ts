import type { PurchaseItem } from "../db/entities";
import { Email, type EmailMessage } from "../email/index";
import { frame, heading, paragraph } from "../email/layout";
import { Setting } from "../setting/index";
import { sendOnce } from "./once";
import { greetingFor, purchaseContacts, questionsLine, type PurchaseContacts } from "./contacts";
import { money } from "./receipt";

/**
 * Tells the buyer, once, that a sale was taken back (refunded or disputed) and that their
 * access has ended. It runs on the reversal's own path (Purchase.refund / Purchase.dispute,
 * every time a refund.created or dispute.created event is handled), after the reversal is
 * recorded, claimed by reversal_notice_sent_at (./once.ts). One notice per purchase: a refund
 * after a dispute changes nothing. A buyer whose sale was taken back before its payment event
 * arrived never had the receipt, and this notice is all they get.
 */
export async function sendReversalNoticeOnce(p: PurchaseItem): Promise<boolean> {
  if (p.reversal_notice_sent_at || p.status === "completed") return false;
  return sendOnce(p.id, "reversal_notice_sent_at", async () => {
    const [contacts, support_email] = await Promise.all([purchaseContacts(p), Setting.get("support_email")]);
    await Email.send(reversalMessage(p, contacts, support_email));
  });
}

type Reversed = Pick<
  PurchaseItem,
  "id" | "product_name" | "amount" | "currency" | "customer_email" | "provider" | "receipt_sent_at" | "membership_id"
> & {
  status: "refunded" | "disputed" | "completed";
  tax?: number;
};

export function reversalMessage(p: Reversed, contacts: PurchaseContacts, supportEmail: string): EmailMessage {
  const seller = contacts.sellerName || "The seller";
  const paid = money(p.amount + (p.tax ?? 0), p.currency);
  const paypal = p.provider === "paypal";
  const refunded = p.status === "refunded";
  const what = refunded
    ? `${seller} refunded your payment of ${paid} for ${p.product_name}.`
    : `Your payment of ${paid} for ${p.product_name} was disputed with ${paypal ? "PayPal" : "your bank"}, so the purchase has been taken back.`;
  const next = refunded
    ? `The money goes back to your ${paypal ? "PayPal account" : "card"}; it can take 5 to 10 business days to show.`
    : `If you did not mean to dispute it, please contact ${paypal ? "PayPal" : "your bank"}.`;
  // A sale taken back before its payment event arrived never had a receipt (./receipt.ts).
  // A membership's charge: the membership's own access follows the subscription, not one payment.
  const access = p.membership_id
    ? "This was one payment of your membership; the membership itself is unchanged. You can manage or cancel it from your purchases page."
    : p.receipt_sent_at
      ? "Your access to the content has ended: the link in your receipt no longer opens it."
      : "The purchase is closed, so your access to the content has ended and there is no licence key for it.";
  const questions = questionsLine(contacts, p.product_name, supportEmail);
  const greeting = greetingFor(contacts.buyerName);
  const subject = refunded
    ? `Your purchase of ${p.product_name} was refunded`
    : `Your payment for ${p.product_name} was disputed`;
  const text = [greeting, "", what, next, "", access, `Order: ${p.id}`, ...(questions ? ["", questions] : [])].join(
    "\n",
  );
  const html = frame(
    [
      heading(refunded ? "Your purchase was refunded" : "Your payment was disputed"),
      paragraph(greeting),
      paragraph(what),
      paragraph(next),
      paragraph(access),
      paragraph(`Order: ${p.id}`, true),
      questions ? paragraph(questions, true) : "",
    ].join("\n"),
  );
  return {
    to: p.customer_email,
    subject,
    text,
    html,
    ...(contacts.sellerEmail ? { replyTo: contacts.sellerEmail } : {}),
  };
}
