import Stripe from "stripe";
import { STRIPE_TIMEOUTS } from "../faults";

/**
 * A Stripe client for one account's secret key. `STRIPE_API_URL` (set only by the local
 * runtime) points the real SDK at the local payments sandbox through its host/port/protocol
 * options; in AWS it is unset and the SDK talks to Stripe. No other code branches on it.
 */
export function stripeClient(secretKey: string): Stripe {
  return new Stripe(secretKey, stripeClientConfig());
}

/** The options of every client we build (a test builds the Lambda-bundled SDK with the same). */
export function stripeClientConfig(): Stripe.StripeConfig {
  const base = process.env.STRIPE_API_URL ? new URL(process.env.STRIPE_API_URL) : undefined;
  return {
    // Bounded: a hanging Stripe costs ~9 s and then a clear error, never the Lambda's whole time.
    maxNetworkRetries: STRIPE_TIMEOUTS.maxNetworkRetries,
    timeout: STRIPE_TIMEOUTS.timeout,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  };
}

/** Webhook signature verification (no API call, so no key needed). */
export const stripeWebhooks = () => stripeClient("sk_test_verify_only").webhooks;
