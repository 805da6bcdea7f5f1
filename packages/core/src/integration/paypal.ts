import { Config } from "../config/index";
import type { IntegrationItem } from "../db/entities";
import { ProviderError, ValidationError } from "../errors";
import { decryptSecret, encryptSecret, maskKey } from "../payment/secrets";
import { logger } from "../log/index";
import { paypalClient, PayPalRequestError, type PayPalCredentials } from "../paypal/client";
import { PAYPAL_SUBSCRIPTION_EVENTS } from "../paypal/event-names";
import { newCredentialId, retirePayPal } from "./retire";

/**
 * A seller's PayPal REST app: checking its credentials and registering Payloft's webhook on
 * it. The events are PayPal's own names: a completed capture is a purchase, a refunded or
 * reversed capture and a buyer's dispute take the purchase back (rule: PayPal).
 */
export const PAYPAL_WEBHOOK_EVENTS = [
  "PAYMENT.CAPTURE.COMPLETED",
  // An order PayPal voids can no longer be paid: the discount use it held comes back at once.
  "CHECKOUT.ORDER.VOIDED",
  "PAYMENT.CAPTURE.REFUNDED",
  "PAYMENT.CAPTURE.REVERSED",
  "CUSTOMER.DISPUTE.CREATED",
  // Memberships (Subscriptions v1): each charge is a sale; the subscription's own events move its state.
  "PAYMENT.SALE.COMPLETED",
  // A membership's charge refunded (by the seller) or reversed (by the buyer's bank).
  "PAYMENT.SALE.REFUNDED",
  "PAYMENT.SALE.REVERSED",
  ...PAYPAL_SUBSCRIPTION_EVENTS,
] as const;

export const PAYPAL_MSG = {
  id: "Enter your PayPal client ID.",
  idFormat: "Your PayPal client ID should be one word of letters, digits, - and _: paste only the ID itself.",
  secret: "Enter your PayPal client secret.",
  rejected:
    "PayPal refused this client ID and secret. Copy them again from your PayPal app (Sandbox credentials in Test mode, Live credentials in Live mode).",
  unreachable: "We couldn't reach PayPal to check your credentials. Please try again in a moment.",
  webhook: "We couldn't register Payloft's notifications on your PayPal app. Please try saving again.",
} as const;

export const paypalWebhookUrl = (sellerId: string) =>
  `${Config.siteUrl()}/api/webhooks/paypal/${encodeURIComponent(sellerId)}`;

/** Asks PayPal for a token with these credentials: a 400 naming the problem when refused. */
export async function checkPayPalCredentials(creds: PayPalCredentials) {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(creds.clientId))
    throw new ValidationError(PAYPAL_MSG.idFormat, "integration.invalid");
  try {
    await paypalClient(creds).checkCredentials();
  } catch (err) {
    if (err instanceof PayPalRequestError && err.isAuthFailure)
      throw new ValidationError(PAYPAL_MSG.rejected, "integration.key_rejected");
    logger.warn("paypal credential check failed", { error: (err as Error).message });
    throw new ProviderError(PAYPAL_MSG.unreachable, "integration.provider_unreachable");
  }
}

/**
 * Registers the seller's webhook and answers its id. PayPal allows one webhook per URL and
 * app, so a webhook left from an earlier save (or another Payloft stage with this URL) is
 * replaced rather than failing the save.
 */
export async function registerPayPalWebhook(creds: PayPalCredentials, sellerId: string): Promise<string> {
  const client = paypalClient(creds);
  const url = paypalWebhookUrl(sellerId);
  try {
    try {
      return (await client.createWebhook(url, PAYPAL_WEBHOOK_EVENTS)).id;
    } catch (err) {
      if (!(err instanceof PayPalRequestError) || err.errorName !== "WEBHOOK_URL_ALREADY_EXISTS") throw err;
      const old = (await client.listWebhooks()).find((w) => w.url === url);
      if (old) await client.deleteWebhook(old.id);
      return (await client.createWebhook(url, PAYPAL_WEBHOOK_EVENTS)).id;
    }
  } catch (err) {
    logger.warn("paypal webhook registration failed", { error: (err as Error).message });
    throw new ProviderError(PAYPAL_MSG.webhook, "integration.webhook_failed");
  }
}

/** Best effort: revoked credentials or a webhook already deleted must not block the seller. */
export async function unregisterPayPalWebhook(creds: PayPalCredentials, webhookId: string) {
  try {
    await paypalClient(creds).deleteWebhook(webhookId);
  } catch (err) {
    logger.warn("paypal webhook removal failed", { webhookId, error: (err as Error).message });
  }
}

const open = (enc: string | undefined) => (enc ? decryptSecret(enc) : "");

/** The stored PayPal app's credentials (in clear: server-side calls only), or null. */
export function storedPayPalCredentials(i: IntegrationItem | undefined | null): PayPalCredentials | null {
  const secret = open(i?.paypal_client_secret_enc);
  if (!i?.paypal_client_id || !secret) return null;
  return { clientId: i.paypal_client_id, clientSecret: secret, live: i.paypal_is_live ?? i.is_live };
}

/**
 * The PayPal part of a save: checks the credentials with PayPal (an OAuth token) and registers
 * Payloft's webhook on the seller's app; the same app keeps its webhook. A masked secret sent
 * back unchanged means "keep the stored one". Throws (and so nothing is stored) when a step fails.
 */
export async function paypalFields(
  userId: string,
  sent: { clientId: string; secret: string; live: boolean },
  existing: IntegrationItem | undefined,
) {
  if (!sent.clientId) throw new ValidationError(PAYPAL_MSG.id, "integration.invalid");
  const stored = open(existing?.paypal_client_secret_enc);
  let secret = sent.secret;
  if (secret.includes("...")) {
    if (!stored || maskKey(stored) !== secret) throw new ValidationError(PAYPAL_MSG.secret, "integration.invalid");
    secret = stored;
  }
  if (!secret) throw new ValidationError(PAYPAL_MSG.secret, "integration.invalid");
  const creds: PayPalCredentials = { clientId: sent.clientId, clientSecret: secret, live: sent.live };
  await checkPayPalCredentials(creds);
  const sameApp =
    existing?.paypal_webhook_id &&
    existing.paypal_client_id === sent.clientId &&
    stored === secret &&
    existing.paypal_is_live === sent.live;
  let webhookId = existing?.paypal_webhook_id;
  // Another app: checkouts made with the old one are confirmed with it while they can be paid.
  if (!sameApp) {
    await retirePayPal(existing);
    const old = storedPayPalCredentials(existing);
    if (old && existing?.paypal_webhook_id) await unregisterPayPalWebhook(old, existing.paypal_webhook_id);
    webhookId = await registerPayPalWebhook(creds, userId);
  }
  return {
    paypal_client_id: sent.clientId,
    paypal_client_secret_enc: secret === stored ? existing!.paypal_client_secret_enc : encryptSecret(secret),
    paypal_webhook_id: webhookId,
    paypal_is_live: sent.live,
    paypal_credential_id: (sameApp && existing?.paypal_credential_id) || newCredentialId(),
  };
}
