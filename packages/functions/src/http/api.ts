import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import {
  AppError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from "@payloft/core/errors";
import { isKeyTooLong } from "@payloft/core/db/errors";
import { isDependencyFault, unavailable } from "@payloft/core/faults";
import { isAdmin, type Actor } from "@payloft/core/actor/index";
import { logger } from "@payloft/core/log/index";
import { findRoute, takesBody, type RouteDef } from "../routes";
import { WEBHOOK_FAILED, isWebhookRoute } from "../monitoring";
import { Reply, parseCookies, type ApiRequest } from "./request";
import { API_CSP, commonHeaders } from "./headers";
import { NO_STORE, cacheControl } from "./cache";
import { enforceRateLimit } from "./limits";
import { assertConfigured } from "./startup";
import { NOT_THROUGH_SITE, cameThroughEdge } from "./edge";
import { resolveSession } from "../auth/session";
import { guardPlatform } from "./guards";
import { asPage, wantsPage } from "./form-page";

export type Handler = (req: ApiRequest) => Promise<unknown>;

export interface ApiOptions {
  /**
   * How an `apikey` route finds its caller (keyApi in http/api-key.ts passes it). Not imported
   * here: the API-key lookup is a domain read, and every other route's bundle would carry it.
   */
  resolveApiKey?: (req: ApiRequest) => Promise<Actor>;
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const MAX_PATH_ID = 200;

/**
 * The one wrapper every route handler goes through: find the route row, parse input,
 * resolve the caller, enforce the row's access rule, run the handler, and turn typed
 * errors into JSON answers. Handlers stay a few lines of "validate, call core, return".
 */
export function api(fn: Handler, opts: ApiOptions = {}) {
  return async (event: APIGatewayProxyEventV2, context?: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const requestId = context?.awsRequestId ?? event.requestContext?.requestId ?? "local";
    logger.appendKeys({ requestId, route: event.routeKey });
    let cookies: string[] = [];
    const route = findRoute(event.routeKey);
    try {
      if (!route) throw new AppError("route.unknown", "Not found", 404);
      assertConfigured(route);
      // Only requests CloudFront forwarded: its origin secret is what makes its viewer address true.
      if (!cameThroughEdge(event.headers)) throw new ForbiddenError(NOT_THROUGH_SITE, "request.not_through_site");
      // First, before any other work: a flood costs one counter write per request.
      await enforceRateLimit(route, event);
      const req = buildRequest(route, event, requestId);
      cookies = req.setCookies;
      if (route.access === "apikey") {
        if (!opts.resolveApiKey) throw new Error(`${event.routeKey} is an API-key route: wrap it with keyApi()`);
        req.actor = await opts.resolveApiKey(req);
      } else {
        checkOrigin(route, req);
        const session = await resolveSession(req);
        req.actor = session.actor;
        req.setCookies.push(...session.setCookies);
        enforceAccess(route, req);
      }
      await guardPlatform(route, req);
      const result = await fn(req);
      return respond(route, result, req.setCookies);
    } catch (err) {
      // Cookie changes still apply on errors (e.g. clearing a forged session before a 401).
      const answer = { ...respondError(err), cookies: cookies.length ? cookies : undefined };
      // Counted by a log filter in production (infra/alarms.ts): the webhook-failure alarm.
      if (route && isWebhookRoute(route))
        logger.warn(WEBHOOK_FAILED, { status: answer.statusCode, code: (err as AppError).code });
      // A browser's own form post (Buy before JavaScript) is shown the refusal as a page, not JSON.
      return wantsPage(event) && !route?.system ? asPage(event, answer) : answer;
    } finally {
      logger.resetKeys();
    }
  };
}

function buildRequest(route: RouteDef, event: APIGatewayProxyEventV2, requestId: string): ApiRequest {
  const rawBody = event.body
    ? event.isBase64Encoded
      ? Buffer.from(event.body, "base64").toString("utf8")
      : event.body
    : "";
  const headers = Object.fromEntries(Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v ?? ""]));
  let body: unknown;
  const type = headers["content-type"] ?? "";
  if (rawBody && type.includes("json")) {
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new ValidationError("The request body is not valid JSON.");
    }
  } else if (rawBody && type.startsWith("application/x-www-form-urlencoded")) {
    // A page's own <form method="post"> (the sales page's Buy before JavaScript): its fields as text.
    body = Object.fromEntries(new URLSearchParams(rawBody));
  }
  const params = (event.pathParameters ?? {}) as Record<string, string>;
  // Our ids are short; a path id beyond any real one names nothing (and would overflow DynamoDB's key size).
  if (Object.values(params).some((v) => v.length > MAX_PATH_ID))
    throw new NotFoundError("route.not_found", "We could not find that. Please check the address.");
  // Malformed JSON is refused on every row (above); the input itself only reaches rows that declare it.
  return {
    event,
    rawBody: takesBody(route) ? rawBody : "",
    body: takesBody(route) ? body : undefined,
    params,
    query: route.query ? ((event.queryStringParameters ?? {}) as Record<string, string>) : {},
    cookies: parseCookies(event.cookies, headers.cookie),
    headers,
    actor: null,
    requestId,
    setCookies: [],
  };
}

/** The session is a cookie, so a state-changing call from another site is refused (CSRF). */
function checkOrigin(route: RouteDef, req: ApiRequest) {
  if (route.system || !STATE_CHANGING.has(req.event.requestContext.http.method)) return;
  const origin = req.headers.origin;
  if (!origin) return;
  const site = process.env.SITE_URL;
  const own = site ? new URL(site).origin : `https://${req.headers.host}`;
  const sameHost = (() => {
    try {
      return new URL(origin).host === req.headers.host;
    } catch {
      return false;
    }
  })();
  if (origin !== own && !sameHost)
    throw new ForbiddenError("This request came from another site and was refused.", "auth.bad_origin");
}

function enforceAccess(route: RouteDef, req: ApiRequest) {
  if (route.access === "anonymous") return;
  const actor = req.actor;
  if (!actor) throw new UnauthorizedError();
  const admin = isAdmin(actor);
  const allowed =
    route.access === "user" ||
    (route.access === "admin" && admin) ||
    (route.access === "creator" && (actor.role === "creator" || admin)) ||
    (route.access === "customer" && actor.role === "customer");
  if (!allowed) throw new ForbiddenError();
}

/** What every /api answer carries; a handler may override (e.g. an HTML answer's own CSP). */
const jsonHeaders = (): Record<string, string> => ({
  "content-type": "application/json",
  "cache-control": NO_STORE,
  ...commonHeaders(),
  "content-security-policy": API_CSP,
});

function respond(route: RouteDef, result: unknown, cookies: string[]): APIGatewayProxyStructuredResultV2 {
  const reply = result instanceof Reply ? result : new Reply(200, result ?? { ok: true });
  const isText = typeof reply.body === "string" && reply.headers["content-type"];
  return {
    statusCode: reply.status,
    headers: {
      ...jsonHeaders(),
      ...reply.headers,
      "cache-control": cacheControl(route, reply.status, cookies.length > 0),
    },
    body: isText ? (reply.body as string) : JSON.stringify(reply.body),
    cookies: cookies.length ? cookies : undefined,
  };
}

function respondError(err: unknown): APIGatewayProxyStructuredResultV2 {
  // A neighbour that timed out or refused (frozen table, unreachable provider): a clean 503,
  // and the next request tries again, so service comes back by itself when it does.
  if (!(err instanceof AppError) && isDependencyFault(err)) {
    logger.error("dependency unavailable", err as Error);
    err = unavailable();
  }
  if (err instanceof AppError) {
    if (err.status >= 500) logger.warn("request failed", { code: err.code, status: err.status });
    return {
      statusCode: err.status,
      headers: {
        ...jsonHeaders(),
        ...(err instanceof RateLimitedError ? { "retry-after": String(err.retryAfter) } : {}),
      },
      body: JSON.stringify({ error: err.message, code: err.code, ...err.extra }),
    };
  }
  // Safety net: an id or value from the request too long to be a DynamoDB key cannot name
  // anything stored; that is the caller's input to fix, not our fault.
  if (isKeyTooLong(err)) {
    return {
      statusCode: 400,
      headers: jsonHeaders(),
      body: JSON.stringify({
        error: "A value in this request is too long. Please check it and try again.",
        code: "request.too_long",
      }),
    };
  }
  logger.error("unexpected error", err as Error);
  return {
    statusCode: 500,
    headers: jsonHeaders(),
    body: JSON.stringify({ error: "Something went wrong on our side. Please try again.", code: "internal" }),
  };
}
