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
  "CATALOG.PRODUCT.CREATED",
  "CATALOG.PRODUCT.UPDATED",
  "BILLING.PLAN.CREATED",
  "BILLING.PLAN.UPDATED",
  "BILLING.PLAN.ACTIVATED",
  "BILLING.PLAN.DEACTIVATED",
  "BILLING.SUBSCRIPTION.CREATED",
  "BILLING.SUBSCRIPTION.ACTIVATED",
  "BILLING.SUBSCRIPTION.UPDATED",
  "BILLING.SUBSCRIPTION.EXPIRED",
  "BILLING.SUBSCRIPTION.CANCELLED",
  "BILLING.SUBSCRIPTION.SUSPENDED",
  "BILLING.SUBSCRIPTION.RE-ACTIVATED",
  "BILLING.SUBSCRIPTION.PAYMENT.FAILED",
  "PAYMENT.SALE.COMPLETED",
  "PAYMENT.SALE.REFUNDED",
  "PAYMENT.SALE.REVERSED",
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
  const types = checkTypes(body.event_types);
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

function checkTypes(types: unknown) {
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
  return types as { name: string }[];
}

/** PATCH /v1/notifications/webhooks/:id: JSON Patch `replace` of /url or /event_types. */
export function updateWebhook(pp: PayPal, m: Merchant, id: string, raw: string): PayPalObject {
  const hook = m.webhooks[id];
  if (!hook) throw notFound("Webhook ID does not exist.");
  let ops: unknown;
  try {
    ops = JSON.parse(raw);
  } catch {
    throw invalidRequest("MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
  }
  if (!Array.isArray(ops) || ops.length === 0)
    throw invalidRequest("MALFORMED_REQUEST_JSON", "The request is a JSON Patch array.");
  for (const op of ops as Json[]) {
    if (op?.op !== "replace" || (op.path !== "/url" && op.path !== "/event_types"))
      throw new PayPalApiError(400, "INVALID_REQUEST", "Only replace of /url and /event_types is supported.");
    if (op.path === "/url" && !isHttpUrl(op.value))
      throw invalidRequest("INVALID_PARAMETER_SYNTAX", "url must be an http(s) URL.", "/url");
    if (op.path === "/event_types") checkTypes(op.value);
  }
  for (const op of ops as Json[]) {
    if (op.path === "/url") hook.url = op.value;
    else
      hook.event_types = (op.value as { name: string }[]).map((t) => ({
        name: t.name,
        description: t.name,
        status: "ENABLED",
      }));
  }
  pp.store.changed();
  return hook;
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
