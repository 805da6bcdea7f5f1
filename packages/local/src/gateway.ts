import type { IncomingMessage, ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dirname, join } from "node:path";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { routes, routeKey, type RouteDef } from "@payloft/functions/routes";
import { runAsLambda } from "@payloft/core/lambda-scope";
import { Resource } from "sst";
import { API_CSP, ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER, commonHeaders } from "@payloft/functions/http/headers";

/**
 * The local stand-in for CloudFront and API Gateway (HTTP API, payload format 2.0): it sets
 * the viewer's address and the origin secret as the edge does, matches a request against the
 * same route table infra/api.ts deploys, builds the v2 event and calls the route's real handler.
 */
const apiDir = join(dirname(fileURLToPath(import.meta.url)), "../../functions/src/api");

type Matcher = { route: RouteDef; regex: RegExp; names: string[] };

const matchers: Matcher[] = routes.map((route) => {
  const names: string[] = [];
  const pattern = route.path.replace(/\{(\w+)\+?\}/g, (_m, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { route, regex: new RegExp(`^${pattern}/?$`), names };
});

/** Each row's route key ("GET /api/…"), built once: the event carries it twice per request. */
const routeKeys = new Map(routes.map((r) => [r, routeKey(r)]));

export function matchRoute(method: string, path: string) {
  let pathMatched = false;
  for (const m of matchers) {
    const hit = m.regex.exec(path);
    if (!hit) continue;
    pathMatched = true;
    if (m.route.method !== method) continue;
    const params = Object.fromEntries(m.names.map((n, i) => [n, decodeURIComponent(hit[i + 1]!)]));
    return { route: m.route, params };
  }
  return pathMatched ? "method-not-allowed" : undefined;
}

const modules = new Map<
  string,
  Promise<{ handler: (e: APIGatewayProxyEventV2, c: unknown) => Promise<APIGatewayProxyStructuredResultV2> }>
>();

function loadHandler(route: RouteDef) {
  let mod = modules.get(route.handler);
  if (!mod) {
    mod = import(pathToFileURL(join(apiDir, `${route.handler}.ts`)).href);
    modules.set(route.handler, mod);
  }
  return mod;
}

const NO_BODY = Buffer.alloc(0);
/** The most a request body may carry (Lambda's 6 MB invocation payload). */
export const MAX_BODY_BYTES = 6 * 1024 * 1024;
/** How much of a too-large body is read (and dropped) so the 413 reaches the client. */
const DRAIN_BYTES = 64 * 1024 * 1024;

class BodyTooLarge extends Error {}

/** A request that announces no body (most GETs) has none to wait for. */
const hasBody = (req: IncomingMessage) =>
  req.headers["transfer-encoding"] !== undefined ||
  (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0");

/**
 * The body, or BodyTooLarge once it ends past MAX_BODY_BYTES. A body over the limit is read to
 * its end and dropped (up to DRAIN_BYTES) rather than cut off: destroying the socket mid-upload
 * reset the connection, and the client never saw the 413 API Gateway answers.
 */
function readBody(req: IncomingMessage): Promise<Buffer> {
  if (!hasBody(req)) return Promise.resolve(NO_BODY);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
      else if (size > DRAIN_BYTES) req.destroy();
    });
    req.on("end", () => (size > MAX_BODY_BYTES ? reject(new BodyTooLarge()) : resolve(Buffer.concat(chunks))));
    req.on("error", reject);
    req.on("close", () => size > DRAIN_BYTES && reject(new BodyTooLarge()));
  });
}

/** False when the path has a %-escape that is not valid UTF-8 (`%zz`, `%E0%A4`, an encoded surrogate). */
function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export function buildEvent(
  req: IncomingMessage,
  route: RouteDef,
  params: Record<string, string>,
  body: Buffer,
  url: URL = new URL(req.url ?? "/", "http://local"),
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const k in req.headers) {
    const v = req.headers[k];
    if (k === "cookie" || v === undefined) continue;
    headers[k] = Array.isArray(v) ? v.join(",") : v;
  }
  const cookies = req.headers.cookie
    ? req.headers.cookie
        .split(";")
        .map((c) => c.trim())
        .filter(Boolean)
    : undefined;
  let query: Record<string, string> | undefined;
  if (url.search)
    for (const [k, v] of url.searchParams) {
      query ??= {};
      query[k] = k in query ? `${query[k]},${v}` : v;
    }
  const isText = body.length === 0 || /json|text|x-www-form-urlencoded/.test(headers["content-type"] ?? "");
  const now = Date.now();
  const key = routeKeys.get(route) ?? routeKey(route);
  return {
    version: "2.0",
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies,
    headers,
    queryStringParameters: query,
    pathParameters: Object.keys(params).length ? params : undefined,
    body: body.length ? (isText ? body.toString("utf8") : body.toString("base64")) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
    requestContext: {
      accountId: "000000000000",
      apiId: "local",
      domainName: headers.host ?? "localhost",
      domainPrefix: "localhost",
      http: {
        method: req.method ?? "GET",
        path: url.pathname,
        protocol: "HTTP/1.1",
        sourceIp: req.socket.remoteAddress ?? "127.0.0.1",
        userAgent: headers["user-agent"] ?? "",
      },
      requestId: randomUUID(),
      routeKey: key,
      stage: "$default",
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    stageVariables: undefined,
  } as APIGatewayProxyEventV2;
}

/** The gateway's own answers (no route, wrong method, too large) carry the API's headers too. */
const gatewayHeaders = { "content-type": "application/json", ...commonHeaders(), "content-security-policy": API_CSP };

/** First path segments the table's routes live under (/api, /a), as the router forwards them. */
const prefixes = [...new Set(routes.map((r) => `/${r.path.split("/")[1]}`))];

/**
 * CloudFront's part (infra/router.ts): the viewer's address is the connection's, whatever the
 * client put in that header, and the origin secret is added. A request that already carries the
 * secret comes from an edge that knows it (the tests and the bench play CloudFront for many
 * viewers) and keeps the address it names, as a call to API Gateway with the secret could in AWS.
 */
function asEdge(req: IncomingMessage) {
  const secret = Resource.OriginSecret.value;
  if (req.headers[ORIGIN_SECRET_HEADER] === secret) return;
  req.headers[VIEWER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "unknown";
  req.headers[ORIGIN_SECRET_HEADER] = secret;
}

/** Handles requests under a route prefix (/api/*, /a/*); answers false for anything else (the web app). */
export async function handleApi(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const url = new URL(req.url ?? "/", "http://local");
  if (!prefixes.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return false;
  // API Gateway refuses a path it cannot decode with a 400 before any Lambda runs.
  if (!decodable(url.pathname)) {
    res.writeHead(400, gatewayHeaders);
    res.end(JSON.stringify({ error: "This address is not valid: it has a malformed %-escape." }));
    return true;
  }
  const match = matchRoute(req.method ?? "GET", url.pathname);
  if (!match || match === "method-not-allowed") {
    const status = match ? 405 : 404;
    res.writeHead(status, gatewayHeaders);
    res.end(JSON.stringify({ error: status === 404 ? "Not found" : "Method not allowed" }));
    return true;
  }
  let body: Buffer;
  try {
    body = await readBody(req);
  } catch (err) {
    if (!(err instanceof BodyTooLarge)) throw err;
    if (res.destroyed) return true;
    res.writeHead(413, gatewayHeaders);
    res.end(JSON.stringify({ error: `The request is too large: at most ${MAX_BODY_BYTES / 1024 / 1024} MB.` }));
    return true;
  }
  asEdge(req);
  const event = buildEvent(req, match.route, match.params, body, url);
  const { handler } = await loadHandler(match.route);
  const context = { awsRequestId: event.requestContext.requestId, functionName: match.route.handler };
  const result = await runAsLambda(match.route.handler, () => handler(event, context));
  const headers = result.cookies?.length
    ? { ...(result.headers as Record<string, string>), "set-cookie": result.cookies }
    : (result.headers as Record<string, string> | undefined);
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(result.body ? (result.isBase64Encoded ? Buffer.from(result.body, "base64") : result.body) : undefined);
  return true;
}
