import { join } from "node:path";
import { Resource } from "sst";
import type { BoundServer } from "../ports";
import { startStripeSandbox } from "./index";

/**
 * The payments sandbox as the local stack runs it: on its own port (STRIPE_API_URL points
 * the SDK there), with the platform account's webhook endpoint registered at
 * SITE_URL/api/webhooks/stripe under the signing secret the app already has
 * (Resource.StripeWebhookSecret, chosen in env.ts before the app loaded).
 */
export async function startLocalPayments(opts: {
  port: number | BoundServer;
  siteUrl: string;
  dataDir?: string | null;
  onClockAdvanced?: (now: number) => void;
}) {
  const sandbox = await startStripeSandbox({
    port: opts.port,
    // Next to the DynamoDB data, so sellers' endpoints and sessions survive a restart too.
    stateFile: opts.dataDir ? join(opts.dataDir, "..", "stripe-sandbox.json") : undefined,
    ...(opts.onClockAdvanced ? { onClockAdvanced: opts.onClockAdvanced } : {}),
  });
  sandbox.ensureEndpoint(
    Resource.StripeSecretKey.value,
    `${opts.siteUrl}/api/webhooks/stripe`,
    Resource.StripeWebhookSecret.value,
  );
  return sandbox;
}
