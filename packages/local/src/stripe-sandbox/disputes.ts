import { StripeApiError } from "./errors";
import { str, type FormObject } from "./form";
import { nowSeconds, randomId, type Account, type StripeObject } from "./store";
import type { Sandbox } from "./context";
import { chargeOf } from "./refunds";

/**
 * Sandbox helper (what a buyer's bank does at Stripe): opens a dispute on a charge and emits
 * charge.dispute.created with Stripe's dispute object. A charge can be disputed once.
 */
export function createDispute(sb: Sandbox, account: Account, p: FormObject): StripeObject {
  const charge = chargeOf(account, p);
  if (charge.disputed)
    throw new StripeApiError(400, "invalid_request_error", `Charge ${charge.id} has already been disputed.`);
  charge.disputed = true;
  const dispute = sb.store.put(account, {
    id: randomId("dp_"),
    object: "dispute",
    amount: charge.amount - charge.amount_refunded,
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    is_charge_refundable: false,
    livemode: account.livemode,
    metadata: {},
    payment_intent: charge.payment_intent,
    reason: str(p.reason) ?? "fraudulent",
    status: "needs_response",
  });
  sb.store.changed();
  sb.events.emit(account, "charge.dispute.created", dispute);
  return dispute;
}
