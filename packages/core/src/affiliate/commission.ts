import { AffiliateEntity } from "../db/entities";
import { userById } from "../user/read";

/**
 * The commission a sale earns its affiliate (rule: Affiliates by consent), apart from
 * ./referral.ts: fulfilment and a membership's start and renewals need only this, not the
 * cookie, product and store reads of a checkout.
 */
/**
 * What the purchase records, from the checkout's snapshot of the rate: nothing when the buyer is
 * the affiliate (their invited e-mail or the account they accepted with), or when the affiliate
 * was paused or removed before the payment. Rounded down to the minor unit.
 */
export async function commissionOf(
  record: { affiliate_id?: string; affiliate_percent?: number; amount: number; line_product_id?: string },
  buyerEmail: string,
): Promise<{ affiliate_id: string; affiliate_email: string; commission: number } | Record<string, never>> {
  if (!record.affiliate_id || !record.affiliate_percent) return {};
  const a = (await AffiliateEntity.get({ id: record.affiliate_id }).go()).data;
  if (!a || a.status !== "active") return {};
  // One purchase of an order: only on a product the affiliate may earn on.
  const line = record.line_product_id;
  if (line && !a.all_products && !a.product_ids.includes(line)) return {};
  const account = a.user_id ? (await userById(a.user_id, { attributes: ["email"] }))?.email : undefined;
  if ([a.email, account?.toLowerCase()].includes(buyerEmail)) return {};
  const commission = Math.floor((record.amount * record.affiliate_percent) / 100);
  return commission > 0 ? { affiliate_id: a.id, affiliate_email: a.email, commission } : {};
}
