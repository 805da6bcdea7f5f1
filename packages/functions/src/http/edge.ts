import { timingSafeEqual } from "node:crypto";
import { Resource } from "sst";
import { ORIGIN_SECRET_HEADER } from "./headers";

/**
 * Whether a request came through the site's CloudFront: it carries the origin secret the edge
 * adds (infra/router.ts for the API, infra/auth.ts for the issuer; the local gateway and
 * issuer do the same). API Gateway's execute-api address and a Lambda's function URL stay
 * public in AWS, and a request sent there directly carries no secret: without this check it
 * would skip the edge, and with it the viewer-address header CloudFront overwrites.
 */
export function cameThroughEdge(headers: Record<string, string | undefined> | undefined): boolean {
  const sent = headers?.[ORIGIN_SECRET_HEADER];
  const expected = Resource.OriginSecret.value;
  if (!sent || !expected) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a request that did not come through the site is answered (403, nothing else about it). */
export const NOT_THROUGH_SITE = "This address answers only requests made through the Payloft site.";
