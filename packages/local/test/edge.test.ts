import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { routes, type RouteDef } from "@payloft/functions/routes";
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from "@payloft/functions/http/headers";
import { holdClockInFreshWindow } from "../src/testing/clock";
import { useStack } from "../src/testing/index";
import { viewerHeaders } from "../src/testing/auth";
import { buildEvent } from "../src/gateway";

/**
 * Only requests that came through CloudFront are answered, and only CloudFront says who the
 * viewer is. In AWS the API's execute-api address and the issuer's function URL stay public:
 * a request sent there carries no origin secret and is refused, so nobody can skip the edge
 * or choose the address the per-address limits count. The local gateway and issuer play
 * CloudFront: they overwrite the viewer's address with the connection's and add the secret.
 */
const stack = useStack();
const NOT_THROUGH_SITE = "This address answers only requests made through the Payloft site.";
const SIGN_IN = "/api/oauth/google/redirect_url";

/** The event API Gateway builds for a request sent to its own address (no CloudFront in front). */
function direct(route: RouteDef, headers: Record<string, string> = {}) {
  const path = route.path.replace(/\{(\w+)\+?\}/g, "x");
  const req = {
    url: path,
    method: route.method,
    headers: { host: "abc123.execute-api.us-east-1.amazonaws.com", ...headers },
    socket: { remoteAddress: "203.0.113.66" },
  } as unknown as IncomingMessage;
  return buildEvent(req, route, {}, Buffer.alloc(0));
}

async function invoke(route: RouteDef, headers?: Record<string, string>) {
  stack();
  const { handler } = await import(`@payloft/functions/api/${route.handler}`);
  return handler(direct(route, headers), { awsRequestId: "direct" });
}

const row = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)!;

describe("a request sent straight to API Gateway or the issuer's function URL is refused", () => {
  it.each([
    ["GET", "/api/health"],
    ["GET", SIGN_IN],
    ["GET", "/api/public/products/{productId}"],
    ["POST", "/api/webhooks/stripe"],
    ["POST", "/api/licenses/verify"],
  ])("%s %s without the origin secret, or with a wrong one, is a 403", async (method, path) => {
    const attempts: Record<string, string>[] = [
      {},
      { [ORIGIN_SECRET_HEADER]: "guessed-secret-guessed-secret-guessed-1234" },
      { [VIEWER_ADDRESS_HEADER]: "198.51.100.1" },
    ];
    for (const headers of attempts) {
      const res = await invoke(row(method, path), headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(res.body)).toEqual({ error: NOT_THROUGH_SITE, code: "request.not_through_site" });
    }
  });

  it("the same request with CloudFront's secret is answered", async () => {
    const res = await invoke(row("GET", "/api/health"), viewerHeaders("198.51.100.1"));
    expect(res.statusCode).toBe(200);
  });

  it("the issuer answers nothing without the secret; through its edge (the local issuer) it works", async () => {
    const { handler } = await import("@payloft/functions/auth/issuer");
    const event = {
      version: "2.0",
      rawPath: "/.well-known/jwks.json",
      rawQueryString: "",
      headers: { host: "abc.lambda-url.us-east-1.on.aws", "x-forwarded-host": "evil.example" },
      requestContext: { http: { method: "GET", path: "/.well-known/jwks.json", sourceIp: "203.0.113.66" } },
      isBase64Encoded: false,
    };
    const refused = (await handler(event as never, {} as never)) as { statusCode: number; body: string };
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toBe(NOT_THROUGH_SITE);
    const viaEdge = await fetch(`${stack().issuer.url}/.well-known/jwks.json`);
    expect(viaEdge.status).toBe(200);
  });
});

describe("the viewer-address header cannot dodge or aim the limiter", () => {
  /** A request straight to the local edge, naming `forged` as its viewer (no origin secret). */
  const forging = (path: string, forged: string, init: RequestInit = {}) =>
    fetch(`${stack().url}${path}`, { ...init, headers: { ...init.headers, [VIEWER_ADDRESS_HEADER]: forged } });

  // The limits count in fixed windows (sign-in: ten minutes, licence checks: one): held at a
  // window's start, each run meets one window, wherever in a window the test starts.
  holdClockInFreshWindow(600);

  /** Sends until the first 429, at most twice the limit; answers how many were sent. */
  async function untilLimited(limit: number, send: (i: number) => Promise<Response>) {
    for (let i = 0; i < 2 * limit; i++) {
      const res = await send(i);
      await res.body?.cancel();
      if (res.status === 429) return i + 1;
    }
    return undefined;
  }
  const forgedAddress = (i: number) => `10.9.${i >> 8}.${i & 255}`;

  it("sign-in redirects with a new forged address each are limited as the real one", async () => {
    expect(await untilLimited(60, (i) => forging(SIGN_IN, forgedAddress(i)))).toBe(61);
  });

  it("licence guesses with a new forged address each draw 429", async () => {
    const guess = (i: number) =>
      forging("/api/licenses/verify", forgedAddress(i), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ product_id: "p-guess", license_key: `AAAAA-BBBBB-CCCCC-${String(i).padStart(5, "0")}` }),
      });
    expect(await untilLimited(60, guess)).toBe(61);
  });

  it("sign-ins forged with a victim's address do not lock the victim out", async () => {
    const victim = "198.51.100.9";
    for (let i = 0; i < 61; i++) await (await forging(SIGN_IN, victim)).body?.cancel();
    const res = await fetch(`${stack().url}${SIGN_IN}`, { headers: viewerHeaders(victim) });
    expect(res.status).toBe(200);
  });
});
