import { Hono, type Env, type Schema } from "hono";
import { NOT_THROUGH_SITE, cameThroughEdge } from "../http/edge";
import { ORIGIN_SECRET_HEADER } from "../http/headers";

/**
 * Wraps the issuer: it answers only requests its CloudFront forwarded (infra/auth.ts adds the
 * origin secret). The function URL behind it is public, and a request sent there directly could
 * name any `x-forwarded-host` and reach the issuer without the edge; it gets a plain 403.
 */
export function guardEdge<E extends Env, S extends Schema, B extends string>(inner: Hono<E, S, B>): Hono {
  const outer = new Hono();
  outer.use("*", async (c, next) => {
    if (!cameThroughEdge({ [ORIGIN_SECRET_HEADER]: c.req.header(ORIGIN_SECRET_HEADER) }))
      return c.text(NOT_THROUGH_SITE, 403, { "cache-control": "no-store" });
    await next();
  });
  outer.route("/", inner);
  return outer;
}
