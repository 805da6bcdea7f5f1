import { createHash } from "node:crypto";
import { StripeApiError, noSuch } from "./errors";
import { int, list, metadataOf, str, type FormObject } from "./form";
import { createSession, present, publicLineItems } from "./checkout";
import { cancelSubscription, presentSubscription, updateSubscription } from "./subscriptions";
import { createRefund } from "./refunds";
import { presentInvoice } from "./invoices";
import type { Account, StripeObject } from "./store";
import type { Sandbox } from "./context";
import { authenticate } from "./auth";
import { requirePermission } from "./restricted";
import { checkUrl, createEndpoint, hideSecret, liveEndpoint } from "./endpoints";
import { catalogRoutes } from "./catalog";
import { createPortalSession } from "./portal";

export { createEndpoint };

export interface ApiCall {
  method: string;
  path: string;
  query: FormObject;
  body: FormObject;
  rawBody: string;
  headers: Record<string, string | undefined>;
}
export interface ApiAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

type Route = {
  method: string;
  pattern: RegExp;
  run: (sb: Sandbox, a: Account, p: FormObject, id: string, call: ApiCall) => unknown;
};

const listOf = (url: string, data: unknown[], limit = 10) => ({
  object: "list",
  data: data.slice(0, limit),
  has_more: data.length > limit,
  url,
});
const expandOf = (p: FormObject) => list(p.expand).filter((v): v is string => typeof v === "string");

function get(a: Account, id: string, type: string, what = type): StripeObject {
  const o = a.objects[id];
  if (!o || o.object !== type) throw noSuch(what, id);
  return o;
}

const routes: Route[] = [
  ...catalogRoutes,
  { method: "POST", pattern: /^\/v1\/billing_portal\/sessions$/, run: (sb, a, p) => createPortalSession(sb, a, p) },
  { method: "POST", pattern: /^\/v1\/checkout\/sessions$/, run: (sb, a, p) => present(createSession(sb, a, p)) },
  {
    method: "GET",
    pattern: /^\/v1\/checkout\/sessions$/,
    run: (sb, a, p) => {
      const filters = ["payment_intent", "subscription", "customer", "status"] as const;
      const found = sb.store
        .ofType(a, "checkout.session")
        .filter((s) => filters.every((f) => !str(p[f]) || s[f] === str(p[f])));
      return listOf(
        "/v1/checkout/sessions",
        found.map((s) => present(s, expandOf(p), a)),
        int(p.limit) ?? 10,
      );
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    run: (_sb, a, p, id) => present(get(a, id, "checkout.session", "checkout.session"), expandOf(p), a),
  },
  {
    method: "GET",
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
    run: (_sb, a, _p, id) =>
      listOf(`/v1/checkout/sessions/${id}/line_items`, publicLineItems(get(a, id, "checkout.session")), 100),
  },
  {
    method: "POST",
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    run: (sb, a, _p, id) => {
      const s = get(a, id, "checkout.session");
      if (s.status !== "open")
        throw new StripeApiError(
          400,
          "invalid_request_error",
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${s.status}\`.`,
        );
      s.status = "expired";
      sb.store.changed();
      sb.events.emit(a, "checkout.session.expired", present(s));
      return present(s);
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/subscriptions\/([^/]+)$/,
    run: (_sb, a, _p, id) => presentSubscription(get(a, id, "subscription")),
  },
  {
    method: "POST",
    pattern: /^\/v1\/subscriptions\/([^/]+)$/,
    run: (sb, a, p, id) => presentSubscription(updateSubscription(sb, a, get(a, id, "subscription"), p)),
  },
  {
    method: "DELETE",
    pattern: /^\/v1\/subscriptions\/([^/]+)$/,
    run: (sb, a, _p, id) => presentSubscription(cancelSubscription(sb, a, get(a, id, "subscription"))),
  },
  { method: "GET", pattern: /^\/v1\/customers\/([^/]+)$/, run: (_sb, a, _p, id) => get(a, id, "customer") },
  { method: "GET", pattern: /^\/v1\/payment_intents\/([^/]+)$/, run: (_sb, a, _p, id) => get(a, id, "payment_intent") },
  { method: "GET", pattern: /^\/v1\/charges\/([^/]+)$/, run: (_sb, a, _p, id) => get(a, id, "charge") },
  {
    method: "GET",
    pattern: /^\/v1\/invoices\/([^/]+)$/,
    run: (_sb, a, p, id) => presentInvoice(get(a, id, "invoice"), expandOf(p)),
  },
  {
    // As Stripe lists them: filtered by invoice, or by the payment (payment[type] and
    // payment[payment_intent]), which is how a charge's event finds the invoice it paid.
    method: "GET",
    pattern: /^\/v1\/invoice_payments$/,
    run: (sb, a, p) => {
      const payment = (
        typeof p.payment === "object" && p.payment && !Array.isArray(p.payment) ? p.payment : {}
      ) as FormObject;
      const found = sb.store
        .ofType(a, "invoice")
        .filter((inv) => !str(p.invoice) || inv.id === str(p.invoice))
        .flatMap((inv) => (inv._payments ?? []) as StripeObject[])
        .filter((ip) => !str(payment.type) || ip.payment?.type === str(payment.type))
        .filter((ip) => !str(payment.payment_intent) || ip.payment?.payment_intent === str(payment.payment_intent));
      return listOf("/v1/invoice_payments", found, int(p.limit) ?? 10);
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/invoiceitems$/,
    run: (sb, a, p) => {
      const pending = str(p.pending);
      const found = sb.store
        .ofType(a, "invoiceitem")
        .filter((ii) => !str(p.customer) || ii.customer === str(p.customer))
        .filter((ii) => !str(p.invoice) || ii.invoice === str(p.invoice))
        .filter((ii) => pending === undefined || (ii.invoice === null) === (pending === "true"))
        .reverse(); // newest first, as Stripe lists
      return listOf("/v1/invoiceitems", found, int(p.limit) ?? 10);
    },
  },
  { method: "GET", pattern: /^\/v1\/invoiceitems\/([^/]+)$/, run: (_sb, a, _p, id) => get(a, id, "invoiceitem") },
  { method: "POST", pattern: /^\/v1\/refunds$/, run: (sb, a, p) => createRefund(sb, a, p) },
  {
    // As Stripe lists them: newest first, filtered by charge or payment intent when given.
    method: "GET",
    pattern: /^\/v1\/refunds$/,
    run: (sb, a, p) => {
      const found = sb.store
        .ofType(a, "refund")
        .filter((r) => !str(p.charge) || r.charge === str(p.charge))
        .filter((r) => !str(p.payment_intent) || r.payment_intent === str(p.payment_intent))
        .reverse();
      return listOf("/v1/refunds", found, int(p.limit) ?? 10);
    },
  },
  { method: "POST", pattern: /^\/v1\/webhook_endpoints$/, run: (sb, a, p) => createEndpoint(sb, a, p) },
  {
    method: "GET",
    pattern: /^\/v1\/webhook_endpoints$/,
    run: (sb, a) =>
      listOf(
        "/v1/webhook_endpoints",
        sb.store
          .ofType(a, "webhook_endpoint")
          .filter((e) => e.status !== "deleted")
          .map(hideSecret),
        100,
      ),
  },
  {
    method: "GET",
    pattern: /^\/v1\/webhook_endpoints\/([^/]+)$/,
    run: (_sb, a, _p, id) => hideSecret(liveEndpoint(a, id)),
  },
  {
    method: "POST",
    pattern: /^\/v1\/webhook_endpoints\/([^/]+)$/,
    run: (sb, a, p, id) => {
      const e = liveEndpoint(a, id);
      if (str(p.url)) e.url = checkUrl(str(p.url)!);
      if (p.enabled_events !== undefined) e.enabled_events = list(p.enabled_events);
      if (p.disabled !== undefined) e.status = str(p.disabled) === "true" ? "disabled" : "enabled";
      if (p.metadata !== undefined) e.metadata = metadataOf(p.metadata, e.metadata);
      sb.store.changed();
      return hideSecret(e);
    },
  },
  {
    method: "DELETE",
    pattern: /^\/v1\/webhook_endpoints\/([^/]+)$/,
    run: (sb, a, _p, id) => {
      liveEndpoint(a, id).status = "deleted";
      sb.store.changed();
      return { id, object: "webhook_endpoint", deleted: true };
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/balance$/,
    run: (_sb, a) => ({
      object: "balance",
      available: [{ amount: 0, currency: "usd", source_types: { card: 0 } }],
      livemode: a.livemode,
      pending: [{ amount: 0, currency: "usd", source_types: { card: 0 } }],
    }),
  },
  {
    method: "GET",
    pattern: /^\/v1\/account$/,
    run: (_sb, a) => ({
      id: a.id,
      object: "account",
      business_type: null,
      charges_enabled: true,
      country: "US",
      default_currency: "usd",
      details_submitted: true,
      email: null,
      payouts_enabled: true,
      type: "standard",
    }),
  },
  {
    method: "GET",
    pattern: /^\/v1\/events$/,
    run: (_sb, a, p) =>
      listOf(
        "/v1/events",
        a.events.map((e) => e.event).filter((e) => !str(p.type) || e.type === str(p.type)),
        int(p.limit) ?? 10,
      ),
  },
  {
    method: "GET",
    pattern: /^\/v1\/events\/([^/]+)$/,
    run: (_sb, a, _p, id) => {
      const e = a.events.find((r) => r.event.id === id);
      if (!e) throw noSuch("event", id);
      return e.event;
    },
  },
];

/** Replays the first answer for a repeated Idempotency-Key, like Stripe (for 24 h there; process lifetime here). */
const replays = new Map<string, { hash: string; answer: ApiAnswer }>();

export function handleApi(sb: Sandbox, call: ApiCall): ApiAnswer {
  try {
    const { account, restricted } = authenticate(sb, call.headers.authorization);
    // Before anything about the request itself, as Stripe checks a restricted key's permissions.
    if (restricted) requirePermission(account, restricted, call.method, call.path);
    const route = routes.find((r) => r.method === call.method && r.pattern.test(call.path));
    if (!route) {
      throw new StripeApiError(
        404,
        "invalid_request_error",
        `Unrecognized request URL (${call.method}: ${call.path}). This payments sandbox implements only the endpoints the product uses.`,
      );
    }
    const idemKey = call.method === "POST" ? call.headers["idempotency-key"] : undefined;
    const replayKey = idemKey ? `${account.id}:${idemKey}` : "";
    const hash = createHash("sha256").update(`${call.path}\n${call.rawBody}`).digest("hex");
    const previous = replayKey ? replays.get(replayKey) : undefined;
    if (previous) {
      if (previous.hash !== hash) {
        throw new StripeApiError(
          400,
          "idempotency_error",
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
        );
      }
      return { ...previous.answer, headers: { ...previous.answer.headers, "idempotent-replayed": "true" } };
    }
    const id = decodeURIComponent(route.pattern.exec(call.path)?.[1] ?? "");
    const params = call.method === "GET" ? call.query : call.body;
    const answer: ApiAnswer = { status: 200, body: route.run(sb, account, params, id, call) };
    if (replayKey) replays.set(replayKey, { hash, answer: structuredClone(answer) });
    return answer;
  } catch (err) {
    if (err instanceof StripeApiError) return { status: err.status, body: err.body() };
    return { status: 500, body: { error: { type: "api_error", message: `Sandbox error: ${(err as Error).message}` } } };
  }
}
