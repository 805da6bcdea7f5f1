import type Stripe from "stripe";
import { ValidationError } from "../errors";
import { stripeWebhooks } from "./stripe";

/** Stripe's own default: an event signed more than 5 minutes ago is refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Verifies a Stripe webhook against the RAW request body and the endpoint's signing secret.
 * Anything unverifiable (no header, forged, other secret, stale timestamp) is a 400 and
 * nothing else happens, so Stripe shows the delivery as failed.
 */
export function verifyStripeEvent(
  rawBody: string,
  signature: string | undefined,
  secret: string | null | undefined,
): Stripe.Event {
  if (!signature) throw new ValidationError("Missing Stripe-Signature header.", "webhook.unsigned");
  if (!secret) throw new ValidationError("This webhook endpoint is not configured.", "webhook.unknown_endpoint");
  try {
    return stripeWebhooks().constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS) as Stripe.Event;
  } catch (err) {
    throw new ValidationError(
      `Webhook signature verification failed: ${(err as Error).message.split("\n")[0]}`,
      "webhook.bad_signature",
    );
  }
}
