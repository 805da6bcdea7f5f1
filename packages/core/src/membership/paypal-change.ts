import type { MembershipItem } from "../db/entities";
import { syncPlan } from "../checkout/paypal-membership";
import type { chosenPrice } from "../checkout/membership";
import { Config } from "../config/index";
import { ConflictError, ProviderError } from "../errors";
import { logger } from "../log/index";
import { approveLinkOf, paypalBilling } from "../paypal/billing";
import { PayPalRequestError } from "../paypal/client";
import { paypalOfMembership, PROVIDER_FAILED } from "./paypal-manage";

/**
 * A PayPal membership's change of tier or interval (./manage.ts changeByBuyer for provider
 * "paypal"): the plan for the new tier, interval and price made sure of on the seller's app (the
 * checkout's plan sync), then a revision of the subscription to it (Subscriptions v1 revise),
 * which the buyer approves on PayPal's page: the answer is that page. Nothing is written here:
 * until the buyer approves, PayPal keeps billing the old plan. After the approval PayPal sends
 * BILLING.SUBSCRIPTION.UPDATED with the new plan_id, which becomes membership.changed
 * (payment/paypal-membership-events.ts). PayPal does not prorate: the new plan's price and
 * interval apply from the next billing cycle, the current period stays paid as it was.
 */
export async function reviseAtPayPal(
  m: MembershipItem,
  product: Parameters<typeof syncPlan>[1],
  choice: ReturnType<typeof chosenPrice>,
): Promise<{ url: string }> {
  const { creds } = await paypalOfMembership(m);
  const back = `${Config.siteUrl()}/customer-dashboard?tab=memberships`;
  let url: string | undefined;
  try {
    const billing = paypalBilling(creds);
    const planId = await syncPlan(billing, product, choice);
    url = approveLinkOf(await billing.reviseSubscription(m.id, planId, back, back));
  } catch (err) {
    logger.warn("plan revision at PayPal failed", { membershipId: m.id, error: (err as Error).message });
    // PayPal's 422: this subscription cannot be revised now (e.g. suspended after failed payments).
    if (err instanceof PayPalRequestError && err.status === 422)
      throw new ConflictError("membership.provider_refused", `PayPal refused this: ${err.message}`);
    throw new ProviderError(PROVIDER_FAILED, "membership.provider_failed");
  }
  if (!url) throw new ProviderError(PROVIDER_FAILED, "membership.provider_failed");
  return { url };
}
