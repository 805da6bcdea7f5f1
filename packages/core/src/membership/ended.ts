import { MembershipEntity } from "../db/entities";

/**
 * Does a sale still give access? Only a membership's sale can stop: when its membership has
 * ended (canceled at a period's end that has passed, or ended by the provider after failed
 * payments). A leaf module: the access link and licence Lambdas import only this of memberships.
 */
export const MEMBERSHIP_ENDED = "membership_ended";

export async function membershipEnded(p: { membership_id?: string }): Promise<boolean> {
  if (!p.membership_id) return false;
  const m = (await MembershipEntity.get({ id: p.membership_id }).go()).data;
  return m?.status === "ended";
}
