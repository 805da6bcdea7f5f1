import type { MembershipItem } from "../db/entities";
import { paypalWebUrl } from "../paypal/http";
import { paypalOfMembership } from "./paypal-manage";

/**
 * Where a PayPal member changes what their subscription is paid with. PayPal has no API for a
 * seller to open such a page (no Billing Portal): the buyer changes the funding of an automatic
 * payment in their own PayPal account. PayPal's help centre gives the way there (Settings →
 * Payments → Manage automatic payments → the merchant → Payment method → Change), and
 * /myaccount/autopay/connect/{subscription id} opens that one automatic payment directly
 * (docs/decisions.md "Memberships on PayPal"). The website is the one of the app the checkout
 * was made with (live or sandbox), or the local PayPal sandbox offline.
 */
export async function paypalPaymentMethodUrl(m: MembershipItem): Promise<{ url: string }> {
  const { creds } = await paypalOfMembership(m);
  return { url: `${paypalWebUrl(creds.live)}/myaccount/autopay/connect/${encodeURIComponent(m.id)}` };
}
