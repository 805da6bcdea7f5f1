import { paypalCall, type PayPalCredentials } from "../paypal/http";
import { Webhook } from "../paypal/schemas";
import { PAYPAL_WEBHOOK_EVENTS } from "./paypal";

/**
 * A PayPal seller connected before memberships has a webhook without the subscription events.
 * The first membership checkout brings its event list up to date in place (PATCH of
 * /event_types), without the seller saving Payment Setup again; a webhook that has them all
 * is left alone.
 */
export async function ensurePayPalEvents(creds: PayPalCredentials, webhookId: string): Promise<void> {
  const hook = await paypalCall(creds, "GET", `/v1/notifications/webhooks/${encodeURIComponent(webhookId)}`, {
    schema: Webhook,
  });
  const has = new Set(hook.event_types.map((e) => e.name));
  if (has.has("*") || PAYPAL_WEBHOOK_EVENTS.every((e) => has.has(e))) return;
  const names = [...new Set([...has, ...PAYPAL_WEBHOOK_EVENTS])];
  await paypalCall(creds, "PATCH", `/v1/notifications/webhooks/${encodeURIComponent(webhookId)}`, {
    body: [{ op: "replace", path: "/event_types", value: names.map((name) => ({ name })) }],
  });
}
