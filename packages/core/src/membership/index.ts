import type { MembershipEvents, PropertiesOf } from "../bus/events";
import { findCheckout } from "../checkout/record";
import { logger } from "../log/index";
import { recordCharge } from "./charge";
import { startFromCheckout } from "./start";
import { applyState, loadMembership } from "./state";

/**
 * Memberships: recurring access to a recurring product, bought by subscribing on the seller's
 * own provider account (checkout/membership.ts). The provider's signed events arrive as
 * membership.* domain events carrying the whole state (payment/stripe-membership-events.ts);
 * `onEvent` records the membership and its first sale once, each later charge as a sale, and
 * applies the newest state (./state.ts). Access (the access link, the licence key) lasts until
 * the membership is `ended`.
 */
export namespace Membership {
  export type EventProps = PropertiesOf<(typeof MembershipEvents)[number]>;

  /** Any membership.* event. Idempotent; throws (to be delivered again) while the membership it names is not known yet. */
  export async function onEvent(p: EventProps): Promise<void> {
    let m = await loadMembership(p.membership_id);
    if (!m && p.checkout_id) {
      const record = await findCheckout(p.checkout_id);
      if (!record || record.kind !== "membership" || record.creator_id !== p.seller_id) {
        logger.warn("a membership Payloft did not start was ignored", { checkoutId: p.checkout_id });
        return;
      }
      await startFromCheckout(record);
      m = await loadMembership(p.membership_id);
    }
    if (!m) throw new Error(`membership ${p.membership_id} is not recorded yet: its start event is still to come`);
    if (m.creator_id !== p.seller_id) return;
    if (p.charge) await recordCharge(m, p.charge, p.state);
    await applyState(m.id, p.occurred_at, p.state);
  }
}
