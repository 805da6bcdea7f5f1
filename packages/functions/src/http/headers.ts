/**
 * Security headers, declared once: the api() wrapper puts them on every /api answer, the local
 * static server on every page, and infra/web.ts builds CloudFront's response headers policy
 * and its overlay exception from the same values, so what a test reads offline is what AWS
 * sends.
 */

/** Pages other sites may frame (a seller's checkout overlay); everything else refuses framing. */
export const FRAMEABLE_PATH_PREFIXES = ["/overlay/"] as const;

export const isFrameable = (path: string) => FRAMEABLE_PATH_PREFIXES.some((p) => path.startsWith(p));

/**
 * The web app's pages. Scripts only from our own files (no inline script, no eval); styles
 * allow inline because React style attributes and the charts use them; product media may come
 * from any web address; frames are our own sandboxed embed route and YouTube's privacy domain.
 * `uploadOrigin` is the hosted-files bucket: the product dialog POSTs uploads straight to it.
 * Forms may lead to the payment providers' checkouts: the sales page's Buy form (before
 * JavaScript runs) is answered 303 to one, and browsers apply form-action to that redirect too;
 * `checkoutOrigins` are the local sandboxes' stand-ins for them.
 */
export const CHECKOUT_ORIGINS = [
  "https://checkout.stripe.com",
  "https://www.paypal.com",
  "https://www.sandbox.paypal.com",
];

export function pageCsp(opts: {
  frameable: boolean;
  https: boolean;
  uploadOrigin?: string;
  checkoutOrigins?: string[];
}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "media-src 'self' blob: https: http:",
    "font-src 'self' data:",
    `connect-src 'self'${opts.uploadOrigin ? ` ${opts.uploadOrigin}` : ""}`,
    "frame-src 'self' https://www.youtube-nocookie.com",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${[...CHECKOUT_ORIGINS, ...(opts.checkoutOrigins ?? [])].join(" ")}`,
    `frame-ancestors ${opts.frameable ? "*" : "'none'"}`,
    ...(opts.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** JSON needs nothing: an /api answer opened as a page can run and embed nothing. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * A creator's embed HTML (rule: Sandboxed embeds), served by its own route so it does not inherit the
 * page's policy (an iframe's srcdoc would): sandboxed without same-origin even when opened
 * directly, free to run its own widgets, and framed only by our own sales page.
 */
export const EMBED_CSP =
  "sandbox allow-scripts allow-popups; default-src * data: blob: 'unsafe-inline' 'unsafe-eval'; frame-ancestors 'self'";

export const REFERRER_POLICY = "strict-origin-when-cross-origin";
/** Two years, subdomains included: only ever sent by the deployed (https) site. */
export const HSTS_MAX_AGE = 63_072_000;

/** Headers every answer carries, page or API. */
export const commonHeaders = (): Record<string, string> => ({
  "x-content-type-options": "nosniff",
  "referrer-policy": REFERRER_POLICY,
});

/** The local payment sandboxes' origins (set by the local runtime only). */
const sandboxes = () =>
  [process.env.STRIPE_API_URL, process.env.PAYPAL_API_URL]
    .filter((u): u is string => !!u)
    .map((u) => new URL(u).origin);

/** Headers of a page at `path` (the local static server; CloudFront uses the same values). */
export const pageHeaders = (path: string, https = false, uploadOrigin?: string): Record<string, string> => ({
  ...commonHeaders(),
  "content-security-policy": pageCsp({
    frameable: isFrameable(path),
    https,
    uploadOrigin,
    checkoutOrigins: sandboxes(),
  }),
  ...(https ? { "strict-transport-security": `max-age=${HSTS_MAX_AGE}; includeSubDomains` } : {}),
});

/**
 * The viewer's own address, set by CloudFront's viewer-request function on every request
 * (overwriting what a client sent), for per-address rate limits (http/limits.ts). Trusted only
 * on a request that also carries ORIGIN_SECRET_HEADER.
 */
export const VIEWER_ADDRESS_HEADER = "x-payloft-viewer-address";

/**
 * The secret (`OriginSecret`) CloudFront adds to every request it forwards (infra/router.ts,
 * infra/auth.ts): the API and the issuer answer only requests that carry it, so a call to API
 * Gateway's or a function URL's own address cannot skip the edge or choose its viewer address.
 */
export const ORIGIN_SECRET_HEADER = "x-payloft-origin-secret";
