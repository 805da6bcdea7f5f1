import { IntegrationEntity, RetiredCredentialEntity, type CheckoutItem } from "../db/entities";
import { decryptSecret } from "../payment/secrets";
import type { PayPalCredentials } from "../paypal/client";
import { storedPayPalCredentials } from "./paypal";
import { SELLER_EVENTS, updateSellerWebhookEvents } from "./webhook-events";

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
): Promise<{ credentials: PayPalCredentials; webhookId: string; active: boolean; credentialId?: string } | null> {
  const i = await load(userId);
  const credentials = storedPayPalCredentials(i);
  if (!i || !credentials || !i.paypal_webhook_id) return null;
  return {
    credentials,
    webhookId: i.paypal_webhook_id,
    active: i.provider === "paypal" && i.is_active,
    credentialId: i.paypal_credential_id,
  };
}

/** The seller's Stripe secret key. */
export async function stripeSecretFor(userId: string): Promise<string | null> {
  return open((await load(userId))?.stripe_secret_key_enc) || null;
}

/** What a product checkout on the seller's Stripe needs: the key, its name (for the record) and the tax setting. */
export async function stripeCheckoutFor(
  userId: string,
): Promise<{ secret: string; automaticTax: boolean; credentialId?: string } | null> {
  const i = await load(userId);
  const secret = open(i?.stripe_secret_key_enc);
  return secret ? { secret, automaticTax: i?.automatic_tax ?? false, credentialId: i?.stripe_credential_id } : null;
}

/**
 * The credentials a checkout was created with (rule: Paid means delivered): the seller's current
 * ones while they are still the same, else the retired ones kept for it (./retire.ts). Null when
 * neither is there any more (long after the checkout expired). A record made before credentials
 * were named uses the current ones.
 */
export async function stripeSecretForCheckout(record: CheckoutItem): Promise<string | null> {
  const i = record.creator_id ? await load(record.creator_id) : null;
  if (!record.credential_id || record.credential_id === i?.stripe_credential_id)
    return open(i?.stripe_secret_key_enc) || null;
  const retired = await retiredFor(record, "stripe");
  return retired ? open(retired.secret_enc) || null : null;
}

export async function paypalForCheckout(record: CheckoutItem): Promise<PayPalCredentials | null> {
  const i = record.creator_id ? await load(record.creator_id) : null;
  if (!record.credential_id || record.credential_id === i?.paypal_credential_id) return storedPayPalCredentials(i);
  const retired = await retiredFor(record, "paypal");
  const clientSecret = open(retired?.secret_enc);
  return retired?.client_id && clientSecret
    ? { clientId: retired.client_id, clientSecret, live: retired.is_live }
    : null;
}

async function retiredFor(record: CheckoutItem, provider: "stripe" | "paypal") {
  const r = (
    await RetiredCredentialEntity.get({ user_id: record.creator_id!, credential_id: record.credential_id! }).go()
  ).data;
  return r?.provider === provider ? r : null;
}

/** The signing secret of the seller's webhook endpoint, to verify their events. */
export async function webhookSecretFor(userId: string): Promise<string | null> {
  return open((await load(userId))?.webhook_secret_enc) || null;
}

/**
 * Sellers who connected before an event type joined SELLER_EVENTS (memberships' subscription
 * and invoice events, checkout.session.expired) get it on their endpoint the first time they
 * need it, without saving Payment Setup again: their endpoint is given every event once, and
 * the count of events it was given is kept, so this costs one read afterwards.
 */
export async function ensureSellerEvents(userId: string, secret: string): Promise<void> {
  const i = await load(userId);
  if (!i?.webhook_endpoint_id || (i.webhook_events ?? 0) >= SELLER_EVENTS.length) return;
  if (!(await updateSellerWebhookEvents(secret, i.webhook_endpoint_id))) return;
  await IntegrationEntity.patch({ user_id: userId }).set({ webhook_events: SELLER_EVENTS.length }).go();
}
