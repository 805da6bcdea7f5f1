import { describe, expect, it } from "vitest";
import type { IncomingMessage } from "node:http";
import { routes } from "@payloft/functions/routes";
import { buildEvent, matchRoute } from "../src/gateway";

/**
 * What a handler receives from the local gateway: API Gateway's HTTP API event, payload format
 * 2.0, field by field. The gateway's request path is tuned for throughput; this holds its
 * output to the shape the deployed API Gateway sends.
 */
const request = (url: string, method: string, headers: Record<string, string | string[]>) =>
  ({ url, method, headers, socket: { remoteAddress: "127.0.0.9" } }) as unknown as IncomingMessage;

const productRoute = routes.find((r) => r.path === "/api/public/products/{productId}" && r.method === "GET")!;

describe("local gateway event (API Gateway v2)", () => {
  it("a GET with a query, cookies and repeated parameters", () => {
    const req = request("/api/public/products/p%2D1?ref=x&a=1&a=2&empty=", "GET", {
      host: "localhost:4300",
      "user-agent": "bench/1",
      cookie: "session=abc; theme=dark;",
      accept: "application/json",
    });
    const hit = matchRoute("GET", "/api/public/products/p%2D1");
    expect(hit).toMatchObject({ route: productRoute, params: { productId: "p-1" } });
    const event = buildEvent(req, productRoute, { productId: "p-1" }, Buffer.alloc(0));
    const { requestId, time, timeEpoch, ...context } = event.requestContext;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(time).getTime()).toBe(Math.floor(timeEpoch / 1000) * 1000);
    expect(Math.abs(timeEpoch - Date.now())).toBeLessThan(5_000);
    expect({ ...event, requestContext: context }).toEqual({
      version: "2.0",
      routeKey: "GET /api/public/products/{productId}",
      rawPath: "/api/public/products/p%2D1",
      rawQueryString: "ref=x&a=1&a=2&empty=",
      cookies: ["session=abc", "theme=dark"],
      headers: { host: "localhost:4300", "user-agent": "bench/1", accept: "application/json" },
      queryStringParameters: { ref: "x", a: "1,2", empty: "" },
      pathParameters: { productId: "p-1" },
      body: undefined,
      isBase64Encoded: false,
      requestContext: {
        accountId: "000000000000",
        apiId: "local",
        domainName: "localhost:4300",
        domainPrefix: "localhost",
        http: {
          method: "GET",
          path: "/api/public/products/p%2D1",
          protocol: "HTTP/1.1",
          sourceIp: "127.0.0.9",
          userAgent: "bench/1",
        },
        routeKey: "GET /api/public/products/{productId}",
        stage: "$default",
      },
      stageVariables: undefined,
    });
  });

  it("a POST: a text body as is, a binary one in base64, joined header values", () => {
    const route = routes.find((r) => r.method === "POST")!;
    const json = buildEvent(
      request("/api/x", "POST", { "content-type": "application/json", "x-many": ["a", "b"] }),
      route,
      {},
      Buffer.from('{"a":1}'),
    );
    expect(json).toMatchObject({
      body: '{"a":1}',
      isBase64Encoded: false,
      headers: { "content-type": "application/json", "x-many": "a,b" },
      rawQueryString: "",
    });
    expect(json.cookies).toBeUndefined();
    expect(json.queryStringParameters).toBeUndefined();
    expect(json.pathParameters).toBeUndefined();
    const binary = buildEvent(
      request("/api/x", "POST", { "content-type": "image/png" }),
      route,
      {},
      Buffer.from([0, 1, 2, 255]),
    );
    expect(binary).toMatchObject({ body: "AAEC/w==", isBase64Encoded: true });
  });
});
