import { UserEntity } from "../db/entities";

/**
 * Who stands behind a purchase's e-mails to its buyer: the seller, whose address receives the
 * buyer's replies (Reply-To), and the buyer's name for the greeting: the one the provider
 * reported at payment, else the name on their Payloft account, else none ("Hello,").
 */
export interface PurchaseContacts {
  /** The seller's e-mail; absent when the seller's account is gone (replies then go nowhere useful, so none is offered). */
  sellerEmail?: string;
  sellerName: string;
  buyerName: string;
}

export async function purchaseContacts(p: {
  creator_id?: string;
  creator_name?: string;
  customer_name?: string;
  customer_user_id?: string;
}): Promise<PurchaseContacts> {
  const get = (id: string | undefined) =>
    id ? UserEntity.get({ id }).go({ attributes: ["email", "name"] }) : Promise.resolve({ data: null });
  const [seller, buyer] = await Promise.all([get(p.creator_id), p.customer_name ? null : get(p.customer_user_id)]);
  return {
    ...(seller.data?.email ? { sellerEmail: seller.data.email } : {}),
    sellerName: p.creator_name || seller.data?.name || "",
    buyerName: (p.customer_name || buyer?.data?.name || "").trim(),
  };
}

/** "Hi Ann Lee," when the buyer's name is known; never "Hi there,". */
export const greetingFor = (name: string) => (name ? `Hi ${name},` : "Hello,");

/**
 * The line that tells a buyer where questions go. "Reply to this e-mail" only when the reply
 * really reaches the seller (Reply-To is set); otherwise the platform's support address.
 */
export function questionsLine(c: PurchaseContacts, product: string, supportEmail: string): string {
  if (c.sellerEmail)
    return `Questions about ${product}? Reply to this e-mail to reach ${c.sellerName || "the seller"}.`;
  return supportEmail ? `Questions? Write to ${supportEmail}.` : "";
}
