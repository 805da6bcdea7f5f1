import { UnavailableError, ValidationError } from "../errors";
import { Integration } from "../integration/index";
import { logger } from "../log/index";
import { paypalClient, PayPalRequestError, type PayPalClient, type TransmissionHeaders } from "../paypal/client";
import { WebhookEvent } from "../paypal/schemas";

const SIGNATURE_HEADERS = [
  "paypal-auth-algo",
  "paypal-cert-url",
  "paypal-transmission-id",
  "paypal-transmission-sig",
  "paypal-transmission-time",
] as const;

/**
 * Verifies a delivery to POST /api/webhooks/paypal/{sellerId} with PayPal's
 * verify-webhook-signature API, against the webhook id Payloft registered on that seller's app,
 * before anything else. Unsigned, forged, or for a seller without a PayPal webhook: a 400 and
 * nothing written. PayPal unreachable: a 503, so PayPal delivers the event again later.
 */
export async function verifyPayPalEvent(
  sellerId: string,
  rawBody: string,
  headers: Record<string, string>,
): Promise<{ event: WebhookEvent; client: PayPalClient }> {
  const paypal = sellerId ? await Integration.paypalFor(sellerId) : null;
  if (!paypal) throw new ValidationError("This webhook endpoint is not configured.", "webhook.unknown_endpoint");
  const signature: TransmissionHeaders = {};
  for (const h of SIGNATURE_HEADERS) {
    const v = headers[h];
    if (!v || v.length > 2000) throw new ValidationError("Missing PayPal signature headers.", "webhook.unsigned");
    signature[h] = v;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw new ValidationError("The webhook body is not JSON.", "webhook.bad_body");
  }
  const event = WebhookEvent.safeParse(parsed);
  if (!event.success) throw new ValidationError("The webhook body is not a PayPal event.", "webhook.bad_body");
  const client = paypalClient(paypal.credentials);
  let verified: boolean;
  try {
    verified = await client.verifyWebhookSignature(signature, paypal.webhookId, parsed);
  } catch (err) {
    if (err instanceof PayPalRequestError && err.isUnavailable) {
      logger.warn("paypal signature check unavailable", { sellerId, error: err.message });
      throw new UnavailableError("PayPal could not verify this event right now.", "webhook.verify_unavailable");
    }
    // PayPal refused the check itself (malformed headers, credentials revoked): not verified.
    verified = false;
  }
  if (!verified) throw new ValidationError("Webhook signature verification failed.", "webhook.bad_signature");
  return { event: event.data, client };
}
