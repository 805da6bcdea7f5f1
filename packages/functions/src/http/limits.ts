import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { RateLimit } from "@payloft/core/rate-limit/index";
import { callerNetwork } from "@payloft/core/rate-limit/network";
import { routeKey, type RouteDef } from "../routes";
import { VIEWER_ADDRESS_HEADER } from "./headers";
import { cameThroughEdge } from "./edge";

export { VIEWER_ADDRESS_HEADER };

/**
 * The caller's address for per-address limits. Behind CloudFront, API Gateway's sourceIp is
 * the edge server's, so the Router's viewer-request function puts the viewer's own address in
 * VIEWER_ADDRESS_HEADER, overwriting anything the client sent (infra/router.ts). The header is
 * believed only on a request that carries CloudFront's origin secret (http/edge.ts; the wrapper
 * refuses any other); without it the connection's address is used.
 */
export function clientAddress(event: APIGatewayProxyEventV2): string {
  const headers = event.headers ?? {};
  const viewer = cameThroughEdge(headers) ? headers[VIEWER_ADDRESS_HEADER] : undefined;
  return (viewer?.trim() || event.requestContext?.http?.sourceIp || "unknown").slice(0, 64);
}

/**
 * The row's limit, if it has one: one counter per bucket and caller (429 + Retry-After beyond
 * it). The caller is their network: an IPv6 address counts by its /64, which its owner may
 * rotate through at will (rate-limit/network.ts).
 */
export async function enforceRateLimit(route: RouteDef, event: APIGatewayProxyEventV2): Promise<void> {
  const rule = route.rateLimit;
  if (!rule) return;
  await RateLimit.hit(
    rule.bucket ?? routeKey(route),
    callerNetwork(clientAddress(event)),
    rule.limit,
    rule.windowSeconds,
  );
}
