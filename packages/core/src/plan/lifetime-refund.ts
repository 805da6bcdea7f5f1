import type { LifetimeRefunded, PropertiesOf } from "../bus/events";
import { findCheckout, isLifetimeCheckout } from "../checkout/record";
import { CheckoutEntity } from "../db/entities";
import { logger } from "../log/index";
import { platformCheckoutOfPayment } from "../payment/platform-checkouts";
import { applyPlanUpdate } from "./apply";
import { deactivateExtraProducts } from "./downgrade";

/**
 * lifetime.refunded: the lifetime payment went back (refund or dispute), so the account returns
 * to free and its products beyond free's limit stop selling, newest first (rule: Lifetime deal).
 * Exactly once: the checkout record is marked reversed (so a late "completed" event of the same
 * checkout grants nothing), the plan changes only while it is still lifetime, and the product
 * step decides from the stored state each time.
 */
export async function applyLifetimeRefunded(p: PropertiesOf<typeof LifetimeRefunded>) {
  const checkoutId = p.checkout_id ?? (await platformCheckoutOfPayment(p.provider, p.payment_ref));
  const record = checkoutId ? await findCheckout(checkoutId) : null;
  if (!record || !isLifetimeCheckout(record) || !record.user_id) {
    logger.info("a platform refund that is not of a lifetime checkout was ignored", { paymentRef: p.payment_ref });
    return { applied: false };
  }
  if (!record.reversed_at) {
    await CheckoutEntity.patch({ session_id: record.session_id })
      .set({ reversed_at: new Date(p.occurred_at * 1000).toISOString() })
      .where((a, op) => op.notExists(a.reversed_at))
      .go()
      .catch((err: Error) => {
        if (!/conditional request failed/i.test(err.message)) throw err;
      });
  }
  const res = await applyPlanUpdate(
    record.user_id,
    (user) =>
      user.plan === "lifetime"
        ? {
            plan: "free",
            billing_cycle: "monthly",
            subscription_status: p.reason === "dispute" ? "disputed" : "refunded",
          }
        : null,
    p.occurred_at,
  );
  await deactivateExtraProducts(record.user_id);
  return res;
}
