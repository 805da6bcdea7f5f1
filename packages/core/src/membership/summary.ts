import { findCheckout } from "../checkout/record";
import { MembershipEntity } from "../db/entities";
import { membershipInfo, type MembershipInfo } from "./shape";

/**
 * The membership a sale belongs to, for the success page: what the buyer subscribed to (tier,
 * period, price) and what comes next, with `trial_end` while a free trial runs (the first charge
 * is then due) and `trial_days`, the trial it began with (from its checkout: the provider's dates
 * may run on a test clock, so days are not counted from our own created_at). Null for a one-time sale, or while the membership is not recorded yet.
 */
export type SaleMembership = MembershipInfo & { trial_end: string | null; trial_days: number };

export async function membershipOfSale(membershipId: string | undefined): Promise<SaleMembership | null> {
  if (!membershipId) return null;
  const m = (await MembershipEntity.get({ id: membershipId }).go()).data;
  if (!m) return null;
  const checkout = await findCheckout(m.checkout_id);
  return {
    ...membershipInfo(m),
    trial_end: m.status === "trialing" ? m.current_period_end : null,
    trial_days: checkout?.trial_days ?? 0,
  };
}
