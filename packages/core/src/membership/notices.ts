import type { MembershipItem } from "../db/entities";
import { Config } from "../config/index";
import { Email } from "../email/index";
import { purchaseContacts } from "../purchase/contacts";
import { purchaseById } from "../purchase/records";
import { sendOnce } from "../recovery/notice";
import { Setting } from "../setting/index";
import { canceledMessage, endedMessage, paymentFailedMessage, type NoticeFacts } from "./messages";
import { iso, loadMembership } from "./state";
import type { Membership } from "./index";

/**
 * The member's e-mails from the membership.* events: payment failed (with the next attempt and
 * what to do), canceled (access until the period's end) and ended. Separate from applying the
 * state (its own subscriber), so an e-mail outage never holds up the membership, and each is sent
 * once: per provider event (a redelivery sends nothing), the end once per membership.
 *
 * Events arrive in any order, so news that the stored membership has already moved past is not
 * mailed: a cancel the buyer has since undone (resumed, stored at a later provider time), a failed
 * payment since paid, anything but the end once the membership has ended. A failed payment's last
 * attempt sends nothing itself: the provider then ends the subscription, and "ended" says so.
 */
export type NoticeType = "membership.payment_failed" | "membership.canceled" | "membership.ended";

/** Long enough that the provider's redeliveries of an old event (Stripe: 3 days) still find the claim. */
const KEEP_SECONDS = 90 * 24 * 3600;

/** True when the stored membership says this event's news no longer holds. */
function outdated(type: NoticeType, m: MembershipItem, at: number): boolean {
  if (type === "membership.ended") return false;
  if (m.status === "ended") return true;
  const newer = m.provider_time > at;
  if (type === "membership.canceled") return newer && !m.cancel_at_period_end;
  return newer && (m.status === "active" || m.status === "trialing");
}

export async function sendMembershipNotice(type: NoticeType, p: Membership.EventProps): Promise<boolean> {
  if (type === "membership.payment_failed" && p.final) return false;
  const m = await loadMembership(p.membership_id);
  // Not recorded yet (its start is still to come): throw, so the bus delivers this again.
  if (!m) throw new Error(`membership ${p.membership_id} is not recorded yet`);
  if (m.creator_id !== p.seller_id || outdated(type, m, p.occurred_at)) return false;
  const key = type === "membership.ended" ? `ended:${m.id}` : `${type}:${p.provider_event_id}`;
  return sendOnce({ kind: "membership", key, ref: m.id, ttlSeconds: KEEP_SECONDS }, async () => {
    const facts = await factsOf(m, p.state);
    const message =
      type === "membership.ended"
        ? endedMessage(facts)
        : type === "membership.canceled"
          ? canceledMessage(facts)
          : paymentFailedMessage(facts, p.retry_at ? iso(p.retry_at) : null);
    await Email.send(message);
  });
}

/** What every member e-mail says about `m`, with the next period as `next` states it. */
export async function factsOf(
  m: MembershipItem,
  next: { amount: number; currency: string; current_period_end: number },
): Promise<NoticeFacts> {
  const first = await purchaseById(m.purchase_id, { consistent: true });
  const [contacts, supportEmail] = await Promise.all([
    purchaseContacts({
      creator_id: m.creator_id,
      creator_name: first?.creator_name ?? "",
      customer_user_id: m.customer_user_id,
    }),
    Setting.get("support_email"),
  ]);
  const site = Config.siteUrl();
  return {
    to: m.customer_email,
    productName: m.product_name,
    tierName: m.tier_name ?? "",
    amount: next.amount,
    currency: next.currency,
    periodEnd: iso(next.current_period_end),
    portalUrl: `${site}/customer-dashboard`,
    productUrl: `${site}/product/${m.product_id}`,
    contacts,
    supportEmail,
  };
}
