import { findCheckout } from "../checkout/record";
import type { MembershipItem } from "../db/entities";
import { ProviderError } from "../errors";
import { paypalForCheckout } from "../integration/credentials";
import { paypalWebUrl } from "../paypal/http";

/**
 * Where a PayPal member changes what their subscription is paid with. PayPal has no API for a
 * seller to open such a page (no Billing Portal): the buyer changes the funding of an automatic
 * payment in their own PayPal account. PayPal's help centre gives the way there (Settings →
 * Payments → Manage automatic payments → the merchant → Payment method → Change), and
 * /myaccount/autopay/connect/{subscription id} opens that one automatic payment directly
 * (docs/decisions.md "Memberships on PayPal"). The website is the one of the app the checkout
 * was made with (live or sandbox), or the local PayPal sandbox offline.
 */
const PROVIDER_FAILED = "We couldn't reach the payment provider. Please try again in a moment.";

export async function paypalPaymentMethodUrl(m: MembershipItem): Promise<{ url: string }> {
  const record = await findCheckout(m.checkout_id);
  const creds = record ? await paypalForCheckout(record) : null;
  if (!creds) throw new ProviderError(PROVIDER_FAILED, "membership.provider_failed");
  return { url: `${paypalWebUrl(creds.live)}/myaccount/autopay/connect/${encodeURIComponent(m.id)}` };
}
