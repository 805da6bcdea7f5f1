import type { PropertiesOf, SubscriptionPaymentFailed } from "../bus/events";
import { userById } from "../user/read";
import { Config } from "../config/index";
import { Email } from "../email/index";
import { logger } from "../log/index";
import { dunningMessage } from "./message";
import { sendOnce } from "./notice";

/** Long enough that the provider's redeliveries of an old invoice's event still find the claim. */
const DUNNING_KEEP_SECONDS = 90 * 24 * 3600;

/** subscription.payment_failed: the creator is told once per failed invoice, with the way to Billing. */
export async function sendDunningOnce(p: PropertiesOf<typeof SubscriptionPaymentFailed>): Promise<boolean> {
  const user = await userById(p.user_id);
  if (!user?.email || user.deactivated) {
    logger.warn("a failed plan payment for nobody we can write to", { userId: p.user_id });
    return false;
  }
  const ref = p.invoice_ref ?? p.provider_event_id;
  return sendOnce({ kind: "dunning", key: ref, ref, ttlSeconds: DUNNING_KEEP_SECONDS }, () =>
    Email.send(
      dunningMessage({
        to: user.email,
        name: user.name ?? "",
        billingUrl: `${Config.siteUrl()}/dashboard?section=settings&tab=billing`,
        final: p.final,
      }),
    ),
  );
}
