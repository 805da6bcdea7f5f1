import { findCheckout } from "../checkout/record";
import type { MembershipItem } from "../db/entities";
import { ProviderError } from "../errors";
import { paypalForCheckout } from "../integration/credentials";
import { logger } from "../log/index";
import { paypalStateOf, readPayPal, regularExecution, unixOf } from "./paypal";
import { membershipInfo, type MembershipInfo } from "./shape";
import { applyState, loadMembership } from "./state";

/**
 * The buyer's and creator's actions on a PayPal membership (./manage.ts calls this for
 * provider "paypal"), made at PayPal through the app the checkout was made with, then PayPal's
 * answer applied at once as for Stripe:
 *  - at the period's end: the regular cycle's total_cycles set to the cycles paid, so PayPal
 *    charges no more and expires it then; during a free trial no cycle is paid yet and PayPal
 *    cannot end a subscription after its trial, so it is cancelled at once (nothing was paid);
 *  - resume: total_cycles back to 0 (no end);
 *  - now (the creator): cancelled at PayPal.
 */
export type PayPalAction = "cancel_at_period_end" | "resume" | "cancel_now";
export const PROVIDER_FAILED = "We couldn't reach the payment provider. Please try again in a moment.";

/** The membership's checkout record and the PayPal app it was made with, which every PayPal action goes through. */
export async function paypalOfMembership(m: MembershipItem) {
  const record = await findCheckout(m.checkout_id);
  const creds = record ? await paypalForCheckout(record) : null;
  if (!record || !creds) throw new ProviderError(PROVIDER_FAILED, "membership.provider_failed");
  return { record, creds };
}

export async function actAtPayPal(m: MembershipItem, action: PayPalAction): Promise<MembershipInfo> {
  const { record, creds } = await paypalOfMembership(m);
  try {
    const { sub, billing } = await readPayPal(creds, m.id);
    const regular = regularExecution(sub);
    if (action === "cancel_now" || (action === "cancel_at_period_end" && !regular?.cycles_completed))
      await billing.cancelSubscription(
        m.id,
        action === "cancel_now" ? "Ended by the seller." : "Canceled during the trial.",
      );
    else if (regular)
      await billing.setTotalCycles(m.id, regular.sequence, action === "resume" ? 0 : regular.cycles_completed);
    const after = await readPayPal(creds, m.id);
    const state = paypalStateOf(after.sub, after.plan, record);
    const at = Math.max(m.provider_time, unixOf(after.sub.update_time));
    if (state) await applyState(m.id, at, state);
  } catch (err) {
    logger.warn("membership action at PayPal failed", { membershipId: m.id, error: (err as Error).message });
    throw new ProviderError(PROVIDER_FAILED, "membership.provider_failed");
  }
  return membershipInfo((await loadMembership(m.id))!);
}
