import { MembershipCanceled, MembershipEnded, MembershipPaymentFailed } from "@payloft/core/bus/events";
import { sendMembershipNotice } from "@payloft/core/membership/notices";
import { subscriber } from "./subscriber";

/**
 * membership.payment_failed / canceled / ended → the member's e-mail, once per event (ended once
 * per membership). Separate from ApplyMembership: an e-mail outage must not hold up the state,
 * nor a state retry send the e-mail twice.
 */
export const handler = subscriber([MembershipPaymentFailed, MembershipCanceled, MembershipEnded], async (event) => {
  await sendMembershipNotice(event.type, event.properties);
});
