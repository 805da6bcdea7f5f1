import { MembershipEntity } from "../db/entities";
import { membershipInfo, type MembershipInfo } from "./shape";

/**
 * The membership a sale belongs to, for the success page: what the buyer subscribed to (tier,
 * period, price) and what comes next, with `trial_end` while a free trial runs (the first charge
 * is then due). Null for a one-time sale, or while the membership is not recorded yet.
 */
export type SaleMembership = MembershipInfo & { trial_end: string | null };

export async function membershipOfSale(membershipId: string | undefined): Promise<SaleMembership | null> {
  if (!membershipId) return null;
  const m = (await MembershipEntity.get({ id: membershipId }).go()).data;
  if (!m) return null;
  return { ...membershipInfo(m), trial_end: m.status === "trialing" ? m.current_period_end : null };
}
