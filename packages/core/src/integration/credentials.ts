import { IntegrationEntity } from "../db/entities";
import { decryptSecret } from "../payment/secrets";
import type { PayPalCredentials } from "../paypal/client";
import { storedPayPalCredentials } from "./paypal";

/**
 * A seller's keys in clear, for Payloft's own calls to their Stripe or PayPal: never return
 * them to a client. Apart from ./index (saving and showing the integration, with its input
 * schemas and the webhook registration) so checkout and the webhooks import only this.
 */
const load = async (userId: string) => (await IntegrationEntity.get({ user_id: userId }).go()).data;
const open = (enc: string | undefined) => (enc ? decryptSecret(enc) : "");

/**
 * The seller's PayPal app: credentials and the webhook id their events are verified against.
 * Null when the integration cannot take PayPal payments (not PayPal, switched off, or saved
 * before credentials were checked and a webhook registered).
 */
export async function paypalFor(
  userId: string,
): Promise<{ credentials: PayPalCredentials; webhookId: string; active: boolean } | null> {
  const i = await load(userId);
  const credentials = storedPayPalCredentials(i);
  if (!i || !credentials || !i.paypal_webhook_id) return null;
  return { credentials, webhookId: i.paypal_webhook_id, active: i.provider === "paypal" && i.is_active };
}

/** The seller's Stripe secret key. */
export async function stripeSecretFor(userId: string): Promise<string | null> {
  return open((await load(userId))?.stripe_secret_key_enc) || null;
}

/** What a product checkout on the seller's Stripe needs: the key and the tax setting. */
export async function stripeCheckoutFor(userId: string): Promise<{ secret: string; automaticTax: boolean } | null> {
  const i = await load(userId);
  const secret = open(i?.stripe_secret_key_enc);
  return secret ? { secret, automaticTax: i?.automatic_tax ?? false } : null;
}

/** The signing secret of the seller's webhook endpoint, to verify their events. */
export async function webhookSecretFor(userId: string): Promise<string | null> {
  return open((await load(userId))?.webhook_secret_enc) || null;
}
