import { StripeApiError, missingParam, noSuch } from "./errors";
import { int, metadataOf, str, type FormObject } from "./form";
import { nowSeconds, randomId, type Account, type StripeObject } from "./store";
import type { Sandbox } from "./context";

/** The charge a refund or dispute names, by `charge` or by its `payment_intent` (as Stripe takes either). */
export function chargeOf(account: Account, p: FormObject): StripeObject {
  const piId = str(p.payment_intent);
  let chargeId = str(p.charge);
  if (!piId && !chargeId) throw missingParam("payment_intent");
  if (piId) {
    const pi = account.objects[piId];
    if (pi?.object !== "payment_intent") throw noSuch("payment_intent", piId, "payment_intent");
    chargeId = pi.latest_charge;
  }
  const charge = account.objects[chargeId!];
  if (charge?.object !== "charge") throw noSuch("charge", chargeId!, "charge");
  return charge;
}

/** POST /v1/refunds {payment_intent | charge, amount?}: refunds a charge and emits charge.refunded. */
export function createRefund(sb: Sandbox, account: Account, p: FormObject): StripeObject {
  const charge = chargeOf(account, p);
  const remaining = charge.amount - charge.amount_refunded;
  const amount = int(p.amount) ?? remaining;
  if (remaining <= 0) {
    throw new StripeApiError(
      400,
      "invalid_request_error",
      `Charge ${charge.id} has already been refunded.`,
      "charge_already_refunded",
    );
  }
  if (Number.isNaN(amount) || amount < 1 || amount > remaining) {
    throw new StripeApiError(
      400,
      "invalid_request_error",
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
      "amount_too_large",
      "amount",
    );
  }
  const refund = sb.store.put(account, {
    id: randomId("re_"),
    object: "refund",
    amount,
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    metadata: metadataOf(p.metadata),
    payment_intent: charge.payment_intent,
    reason: str(p.reason) ?? null,
    status: "succeeded",
  });
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded >= charge.amount;
  sb.store.changed();
  sb.events.emit(account, "charge.refunded", charge, previous);
  return refund;
}
