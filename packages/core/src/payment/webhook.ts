import type Stripe from "stripe";
import { ValidationError } from "../errors";
import { stripeWebhooks } from "./stripe";

/**
 * A signed webhook is accepted only within 5 minutes of its signing time, in BOTH directions
 * (Stripe's own check refuses only old ones): a timestamp far in the future would let a
 * captured delivery be replayed for as long as that future lasts.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Refuses a provider's signing time outside now ± 5 minutes; shared by every provider's verification. */
export function assertFreshTimestamp(signedAt: number, now = Math.floor(Date.now() / 1000)) {
  if (!Number.isFinite(signedAt) || Math.abs(now - signedAt) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new ValidationError(
      "Webhook signature verification failed: the timestamp is outside the 5-minute tolerance zone.",
      "webhook.stale",
    );
  }
}

/** The `t=` of a Stripe-Signature header (seconds), or NaN when it has none. */
const stripeSignedAt = (header: string) => Number(/(?:^|,)\s*t=(\d+)/.exec(header)?.[1] ?? NaN);

/**
 * Verifies a Stripe webhook against the RAW request body and the endpoint's signing secret.
 * Anything unverifiable (no header, forged, other secret, stale or future timestamp) is a 400
 * and nothing else happens, so Stripe shows the delivery as failed.
 */
export function verifyStripeEvent(
  rawBody: string,
  signature: string | undefined,
  secret: string | null | undefined,
): Stripe.Event {
  if (!signature) throw new ValidationError("Missing Stripe-Signature header.", "webhook.unsigned");
  if (!secret) throw new ValidationError("This webhook endpoint is not configured.", "webhook.unknown_endpoint");
  let event: Stripe.Event;
  try {
    event = stripeWebhooks().constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS) as Stripe.Event;
  } catch (err) {
    throw new ValidationError(
      `Webhook signature verification failed: ${(err as Error).message.split("\n")[0]}`,
      "webhook.bad_signature",
    );
  }
  // Checked after the signature, so the time we judge is one the sender really signed.
  assertFreshTimestamp(stripeSignedAt(signature));
  return event;
}
