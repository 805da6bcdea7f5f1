import type { PayPalBilling, Plan, Subscription } from "../paypal/billing";
import { hasTrial } from "./paypal";

/**
 * Which PayPal sale a membership's first purchase is. Its later charges are purchases keyed by
 * their sale's id (./charge.ts); the first is keyed by the checkout record, and its sale is
 * the first regular cycle PayPal charged at activation: the subscription's first transaction.
 * A plan with a trial charged nothing at the start (a free first purchase): no sale.
 * `until` bounds the search (PayPal's transactions take a window): a time at or after the sale.
 */
export async function startSaleId(
  billing: PayPalBilling,
  sub: Subscription,
  plan: Plan,
  until: string | undefined,
): Promise<string | undefined> {
  if (hasTrial(plan)) return undefined;
  const end = until ?? sub.billing_info?.last_payment?.time ?? sub.update_time ?? new Date().toISOString();
  const first = await billing.transactions(sub.id, "2000-01-01T00:00:00Z", end);
  return first[0]?.id;
}
