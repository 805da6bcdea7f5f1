import { MembershipEvents } from "@payloft/core/bus/events";
import { Membership } from "@payloft/core/membership/index";
import { subscriber } from "./subscriber";

/**
 * membership.* → the membership and its first sale recorded once, each later charge a sale
 * (with its receipt), the newest state applied. Duplicates and older news change nothing; an
 * event about a membership whose start is still to come throws, so the bus delivers it again.
 */
export const handler = subscriber([...MembershipEvents], async (event) => {
  await Membership.onEvent(event.properties);
});
