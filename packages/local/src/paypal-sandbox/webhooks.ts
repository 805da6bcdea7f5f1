import { invalidRequest, notFound, PayPalApiError } from "./errors";
import { paypalId, type Merchant, type PayPalObject, type Json } from "./store";
import type { PayPal } from "./context";

/**
 * Notifications v1 webhooks: create, list, show, delete, and verify-webhook-signature.
 * Event names are checked against PayPal's own list (the ones a checkout app meets), so a
 * typo in what Payloft registers fails here as it would at PayPal.
 */
export const KNOWN_EVENT_TYPES = new Set([
  "*",
  "CHECKOUT.ORDER.APPROVED",
  "CHECKOUT.ORDER.COMPLETED",
  "CHECKOUT.ORDER.SAVED",
  "CHECKOUT.ORDER.VOIDED",
  "CHECKOUT.PAYMENT-APPROVAL.REVERSED",
  "PAYMENT.AUTHORIZATION.CREATED",
  "PAYMENT.AUTHORIZATION.VOIDED",
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.CAPTURE.DECLINED",
  "PAYMENT.CAPTURE.DENIED",
  "PAYMENT.CAPTURE.PENDING",
  "PAYMENT.CAPTURE.REFUNDED",
  "PAYMENT.CAPTURE.REVERSED",
  "CUSTOMER.DISPUTE.CREATED",
  "CUSTOMER.DISPUTE.RESOLVED",
  "CUSTOMER.DISPUTE.UPDATED",
  "RISK.DISPUTE.CREATED",
]);

/** PayPal allows 10 webhooks per REST app. */
const MAX_WEBHOOKS = 10;

const isHttpUrl = (v: unknown) => {
  try {
    return typeof v === "string" && v.length <= 2048 && /^https?:$/.test(new URL(v).protocol);
  } catch {
    return false;
  }
};

export function createWebhook(pp: PayPal, m: Merchant, body: Json): PayPalObject {
  if (!isHttpUrl(body.url)) throw invalidRequest("INVALID_PARAMETER_SYNTAX", "url must be an http(s) URL.", "/url");
  const types = body.event_types;
  if (!Array.isArray(types) || types.length === 0)
    throw invalidRequest("MISSING_REQUIRED_PARAMETER", "At least one event type is required.", "/event_types");
  for (const t of types) {
    if (!KNOWN_EVENT_TYPES.has(t?.name))
      throw new PayPalApiError(400, "VALIDATION_ERROR", "Invalid data provided", [
        {
          field: "event_types",
          issue: "INVALID_EVENT_TYPE",
          description: `Event type ${String(t?.name)} is not supported.`,
        },
      ]);
  }
  const hooks = Object.values(m.webhooks);
  if (hooks.some((w) => w.url === body.url))
    throw new PayPalApiError(400, "WEBHOOK_URL_ALREADY_EXISTS", "Webhook URL already exists.");
  if (hooks.length >= MAX_WEBHOOKS)
    throw new PayPalApiError(400, "WEBHOOK_NUMBER_LIMIT_EXCEEDED", "Maximum number of webhooks exceeded.");
  const id = paypalId(17, "WH");
  const webhook: PayPalObject = {
    id,
    url: body.url,
    event_types: types.map((t: { name: string }) => ({ name: t.name, description: t.name, status: "ENABLED" })),
    links: [
      { href: `${pp.baseUrl}/v1/notifications/webhooks/${id}`, rel: "self", method: "GET" },
      { href: `${pp.baseUrl}/v1/notifications/webhooks/${id}`, rel: "update", method: "PATCH" },
      { href: `${pp.baseUrl}/v1/notifications/webhooks/${id}`, rel: "delete", method: "DELETE" },
    ],
  };
  m.webhooks[id] = webhook;
  pp.store.changed();
  return webhook;
}

export function deleteWebhook(pp: PayPal, m: Merchant, id: string) {
  if (!m.webhooks[id]) throw notFound("Webhook ID does not exist.");
  delete m.webhooks[id];
  pp.store.changed();
}

const REQUIRED = [
  "auth_algo",
  "cert_url",
  "transmission_id",
  "transmission_sig",
  "transmission_time",
  "webhook_id",
] as const;

/** POST /v1/notifications/verify-webhook-signature: SUCCESS only for a delivery this sandbox signed for that webhook. */
export function verifySignature(pp: PayPal, m: Merchant, body: Json) {
  for (const f of REQUIRED) {
    if (typeof body[f] !== "string" || !body[f])
      throw invalidRequest("MISSING_REQUIRED_PARAMETER", `${f} is required.`, `/${f}`);
  }
  if (!body.webhook_event || typeof body.webhook_event !== "object")
    throw invalidRequest("MISSING_REQUIRED_PARAMETER", "webhook_event is required.", "/webhook_event");
  // A webhook of another app never verifies, as at PayPal.
  const ok = Boolean(m.webhooks[body.webhook_id]) && pp.signer.verify(body as Parameters<typeof pp.signer.verify>[0]);
  return { verification_status: ok ? "SUCCESS" : "FAILURE" };
}

export { paypalId };
