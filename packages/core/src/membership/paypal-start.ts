import type { CheckoutItem, PurchaseItem } from "../db/entities";
import { paypalForCheckout } from "../integration/credentials";
import { logger } from "../log/index";
import { purchaseById } from "../purchase/records";
import type { Interval } from "../product/tiers";
import { hasTrial, PAYPAL_FREQUENCY, paypalStateOf, readPayPal, regularOf, unixOf } from "./paypal";
import { recordStart } from "./record-start";

// Apart from ./paypal.ts, which the checkout, the PayPal webhook and the members' actions read:
// recording a start sends the welcome receipt, and their Lambdas have no mail link (least privilege).
/**
 * A PayPal membership checkout was approved: PayPal is asked (through the app the checkout was
 * made with) for the subscription the record names; it must carry the record's id and bill
 * the record's amount and currency at its interval. The first sale is what PayPal charged at
 * activation: the first regular cycle, or nothing in a trial.
 */
export async function startFromPayPal(
  record: CheckoutItem,
  opts: { afterSteps?: boolean } = {},
): Promise<PurchaseItem | null> {
  if (!record.provider_ref) return null;
  const creds = await paypalForCheckout(record);
  if (!creds) return null;
  const { sub, plan } = await readPayPal(creds, record.provider_ref);
  const state = paypalStateOf(sub, plan, record);
  if (!state) return null;
  const frequency = regularOf(plan)?.frequency;
  const wanted = PAYPAL_FREQUENCY[record.interval as Interval];
  if (
    sub.custom_id !== record.session_id ||
    state.amount !== record.amount ||
    state.currency !== record.currency ||
    frequency?.interval_unit !== wanted?.interval_unit ||
    frequency?.interval_count !== wanted?.interval_count
  ) {
    logger.error("a PayPal membership does not match what Payloft asked for; not recorded", {
      checkoutId: record.session_id,
      subscription: sub.id,
    });
    return null;
  }
  const existing = await purchaseById(record.session_id, { consistent: true });
  if (existing) return existing;
  return recordStart(record, {
    id: sub.id,
    provider: "paypal",
    email: (sub.subscriber?.email_address ?? record.buyer_email ?? "").trim().toLowerCase(),
    state,
    providerTime: unixOf(sub.start_time ?? sub.create_time),
    firstAmount: hasTrial(plan) ? 0 : state.amount,
    afterSteps: opts.afterSteps,
  });
}
