/** The shape of a row of the route table (./routes), and what each field means. */
import type { LinkName } from "./links";

export type Access = "anonymous" | "user" | "customer" | "creator" | "admin" | "apikey";
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteDef {
  method: Method;
  path: string;
  /** Module under packages/functions/src/api, without extension; it exports `handler`. */
  handler: string;
  access: Access;
  /**
   * `false` on a POST, PUT or PATCH whose handler reads no body (logout, "send a test"). Every
   * other write gets its body (req.body, or req.rawBody for a signed webhook) and a GET or DELETE
   * never does; a row without one hands its handler an empty body, so a handler cannot read
   * what its row does not declare. The bad-input test sends each body-taking row wrong shapes.
   */
  body?: false;
  /** The handler reads query parameters (req.query); on any other row req.query is empty. */
  query?: true;
  /**
   * Webhooks, the health check and the checkout success page bypass maintenance mode and the
   * Origin check: providers and monitors call them, and a buyer mid-payment must not be stranded.
   */
  system?: boolean;
  /**
   * What the handler reads through `Resource` beyond what every route links (ROUTE_BASE_LINKS
   * in ./links): secrets, the bus, e-mail. infra/api.ts links exactly these; a test derives
   * them from the handler's imports, so a missing or extra one fails.
   */
  links?: LinkName[];
  /**
   * Only for anonymous GET rows whose answer is the same for everyone: a 200 may be kept by
   * CloudFront and browsers this long (http/cache.ts). Every other answer is no-store.
   */
  cache?: { maxAgeSeconds: number };
  /**
   * At most `limit` requests per `windowSeconds` from one address (http/limits.ts), counted in
   * `bucket` (default: this row; rows sharing a bucket share the count). Beyond it: 429 with
   * Retry-After. Sign-in, checkout creation and every public POST have one (a test checks).
   */
  rateLimit?: RateLimitRule;
}

export interface RateLimitRule {
  per: "address";
  limit: number;
  windowSeconds: number;
  bucket?: string;
}

const WRITES: ReadonlySet<Method> = new Set(["POST", "PUT", "PATCH"]);

/** Does the row's handler get the request body? Writes do, unless the row says `body: false`. */
export const takesBody = (route: Pick<RouteDef, "method" | "body">) => WRITES.has(route.method) && route.body !== false;
