import { OAuthError, PayPalApiError, authFailure, invalidRequest, notFound } from "./errors";
import { captureOrder, createOrder } from "./orders";
import { refundCapture } from "./payments";
import { present, type Merchant, type Json } from "./store";
import { createWebhook, deleteWebhook, updateWebhook, verifySignature } from "./webhooks";
import { routeBilling } from "./billing-api";
import type { PayPal } from "./context";

export interface ApiRequest {
  method: string;
  path: string;
  raw: string;
  headers: Record<string, string | undefined>;
  query?: URLSearchParams;
}
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** Client ids that start with this are refused, so tests and demos can see bad credentials. */
export const REFUSED_CLIENT_PREFIX = "refused";

/** POST /v1/oauth2/token: HTTP Basic client id/secret, grant_type=client_credentials. */
function token(pp: PayPal, req: ApiRequest): ApiAnswer {
  const auth = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? "");
  const decoded = auth ? Buffer.from(auth[1]!, "base64").toString("utf8") : "";
  const colon = decoded.indexOf(":");
  const clientId = colon > 0 ? decoded.slice(0, colon) : "";
  const secret = colon > 0 ? decoded.slice(colon + 1) : "";
  if (!clientId || !secret || clientId.toLowerCase().startsWith(REFUSED_CLIENT_PREFIX))
    throw new OAuthError(401, "invalid_client", "Client Authentication failed");
  if (new URLSearchParams(req.raw).get("grant_type") !== "client_credentials")
    throw new OAuthError(400, "unsupported_grant_type", "Grant Type is NULL or not supported");
  const merchant = pp.store.merchant(clientId, secret);
  const issued = pp.store.issueToken(merchant);
  return {
    status: 200,
    body: {
      scope: "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/applications/webhooks",
      access_token: issued.token,
      token_type: "Bearer",
      app_id: `APP-${merchant.key.slice(0, 17).toUpperCase()}`,
      expires_in: issued.expiresIn,
      nonce: `${new Date().toISOString()}${merchant.key.slice(0, 12)}`,
    },
  };
}

function jsonBody(raw: string): Json {
  if (!raw.trim()) return {};
  try {
    const v = JSON.parse(raw);
    if (v && typeof v === "object" && !Array.isArray(v)) return v;
  } catch {
    // fall through
  }
  throw invalidRequest("MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
}

/** Routes one REST call; every path but the token needs a Bearer token of a merchant. */
export function handleApi(pp: PayPal, req: ApiRequest): ApiAnswer {
  try {
    if (req.method === "POST" && req.path === "/v1/oauth2/token") return token(pp, req);
    const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    const merchant = bearer ? pp.store.byToken(bearer) : undefined;
    if (!merchant) throw authFailure();
    const requestId = req.headers["paypal-request-id"];
    const replayKey = requestId ? `${req.method} ${req.path} ${requestId}` : undefined;
    if (replayKey && merchant.replays[replayKey]) return merchant.replays[replayKey]!;
    const answer = route(pp, merchant, req);
    // PayPal-Request-Id makes a POST idempotent: the same id gets the first answer again.
    if (replayKey && req.method === "POST" && answer.status < 500) {
      merchant.replays[replayKey] = answer;
      pp.store.changed();
    }
    return answer;
  } catch (err) {
    if (err instanceof PayPalApiError || err instanceof OAuthError) return { status: err.status, body: err.body() };
    throw err;
  }
}

function route(pp: PayPal, m: Merchant, req: ApiRequest): ApiAnswer {
  const { method, path } = req;
  const full = (req.headers.prefer ?? "").includes("return=representation");
  if (method === "POST" && path === "/v2/checkout/orders") {
    const order = createOrder(pp, m, jsonBody(req.raw));
    return { status: 201, body: full ? present(order) : { id: order.id, status: order.status, links: order.links } };
  }
  const billing = routeBilling(pp, m, req);
  if (billing) return billing;
  const order = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(path);
  if (order) {
    const found = m.orders[order[1]!];
    if (!found) throw notFound();
    if (method === "GET" && !order[2]) return { status: 200, body: present(found) };
    if (method === "POST" && order[2]) {
      jsonBody(req.raw);
      return { status: 201, body: present(captureOrder(pp, m, found)) };
    }
  }
  const capture = /^\/v2\/payments\/captures\/([A-Z0-9]+)(\/refund)?$/.exec(path);
  if (capture) {
    if (method === "GET" && !capture[2]) {
      const found = m.captures[capture[1]!];
      if (!found) throw notFound();
      return { status: 200, body: present(found) };
    }
    if (method === "POST" && capture[2]) {
      const refund = refundCapture(pp, m, capture[1]!, jsonBody(req.raw));
      return {
        status: 201,
        body: full ? present(refund) : { id: refund.id, status: refund.status, links: refund.links },
      };
    }
  }
  const refund = /^\/v2\/payments\/refunds\/([A-Z0-9]+)$/.exec(path);
  if (refund && method === "GET") {
    const found = m.refunds[refund[1]!];
    if (!found) throw notFound();
    return { status: 200, body: present(found) };
  }
  if (path === "/v1/notifications/webhooks") {
    if (method === "POST") return { status: 201, body: createWebhook(pp, m, jsonBody(req.raw)) };
    if (method === "GET") return { status: 200, body: { webhooks: Object.values(m.webhooks) } };
  }
  const hook = /^\/v1\/notifications\/webhooks\/([A-Za-z0-9-]+)$/.exec(path);
  if (hook) {
    if (method === "GET") {
      const found = m.webhooks[hook[1]!];
      if (!found) throw notFound("Webhook ID does not exist.");
      return { status: 200, body: found };
    }
    if (method === "PATCH") return { status: 200, body: updateWebhook(pp, m, hook[1]!, req.raw) };
    if (method === "DELETE") {
      deleteWebhook(pp, m, hook[1]!);
      return { status: 204, body: undefined };
    }
  }
  const resend = /^\/v1\/notifications\/webhooks-events\/([A-Za-z0-9-]+)\/resend$/.exec(path);
  if (resend && method === "POST") {
    const event = pp.events.resend(m, resend[1]!);
    if (!event) throw notFound("Webhook event ID does not exist.");
    return { status: 202, body: event };
  }
  if (method === "POST" && path === "/v1/notifications/verify-webhook-signature")
    return { status: 200, body: verifySignature(pp, m, jsonBody(req.raw)) };
  throw new PayPalApiError(404, "NOT_FOUND", `This sandbox does not implement ${method} ${path}.`);
}
