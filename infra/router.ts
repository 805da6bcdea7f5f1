import {
  FRAMEABLE_PATH_PREFIXES,
  HSTS_MAX_AGE,
  ORIGIN_SECRET_HEADER,
  REFERRER_POLICY,
  VIEWER_ADDRESS_HEADER,
  pageCsp,
} from "../packages/functions/src/http/headers";
import { settings } from "./stage";
import { files } from "./files";
import { secrets } from "./secret";

/**
 * The one public origin (CloudFront). The web app and /api/* share it, so the session
 * cookie is first-party. A stage may have a custom domain: `PAYLOFT_DOMAIN=shop.example.com`
 * at deploy time (DNS on Route 53); otherwise the CloudFront URL is the site's URL.
 */
const domain = settings.domain;

/**
 * Security headers on every answer (packages/functions/src/http/headers.ts has the values the
 * local runtime sends too): nosniff, Referrer-Policy and HSTS always; the pages' CSP only where
 * the origin sent none (/api answers bring their own, the embed route its sandbox).
 */
/** Where the product dialog POSTs uploads (the presigned POST's virtual-hosted bucket URL). */
const uploadOrigin = $interpolate`https://${files.name}.s3.${settings.region}.amazonaws.com`;

const securityHeaders = new aws.cloudfront.ResponseHeadersPolicy("SecurityHeaders", {
  comment: "Payloft security headers",
  securityHeadersConfig: {
    contentTypeOptions: { override: true },
    referrerPolicy: { referrerPolicy: REFERRER_POLICY, override: true },
    strictTransportSecurity: { accessControlMaxAgeSec: HSTS_MAX_AGE, includeSubdomains: true, override: true },
    contentSecurityPolicy: {
      contentSecurityPolicy: uploadOrigin.apply((origin) =>
        pageCsp({ frameable: false, https: true, uploadOrigin: origin }),
      ),
      override: false,
    },
  },
});

/**
 * The one exception to frame-ancestors 'none': pages under FRAMEABLE_PATH_PREFIXES (the
 * overlay other sites embed) get the frameable CSP, set last, at the edge, by path.
 */
const frameableCsp = JSON.stringify(pageCsp({ frameable: true, https: true }));
const overlayInjection = `
  var uri = event.request.uri;
  if (${JSON.stringify(FRAMEABLE_PATH_PREFIXES)}.some(function (p) { return uri.indexOf(p) === 0; })) {
    event.response.headers["content-security-policy"] = { value: ${frameableCsp} };
  }`;

/**
 * Caching: CloudFront keeps only what the origin marks shareable (the API's `cache` rows send
 * `s-maxage`; everything else is no-store, packages/functions/src/http/cache.ts), keyed by path
 * and query, never by cookie. Error answers are never kept (CloudFront would hold these codes
 * 10 s by default and serve one visitor's error to everyone).
 */
const UNCACHED_ERRORS = [400, 403, 404, 405, 414, 416, 500, 501, 502, 503, 504];

/**
 * Per-address rate limits need the viewer's address: API Gateway only sees CloudFront's. The
 * edge sets it on every request, overwriting whatever the client sent in that header.
 */
const viewerAddressInjection = `event.request.headers[${JSON.stringify(VIEWER_ADDRESS_HEADER)}] = { value: event.viewer.ip };`;

/**
 * The origin secret, added to every request this edge forwards (overwriting a client's): the API
 * and the issuer refuse requests without it (packages/functions/src/http/edge.ts), so their own
 * AWS addresses, which stay public, answer nobody. Closing them instead does not fit: API
 * Gateway's default endpoint can be disabled (`disableExecuteApiEndpoint` through
 * `transform.api`), but the Router reaches the API by that very URL, and the only other way in
 * is a custom API domain with its own certificate, which a stage without PAYLOFT_DOMAIN has not;
 * CloudFront's origin access control covers function URLs but not API Gateway, and for the
 * issuer would need signed POST bodies or Lambda@Edge (SST's Router `protection`). One secret
 * header serves both (docs/production.md).
 */
export const originSecretInjection = secrets.OriginSecret.value.apply(
  (secret) => `event.request.headers[${JSON.stringify(ORIGIN_SECRET_HEADER)}] = { value: ${JSON.stringify(secret)} };`,
);

export const router = new sst.aws.Router("Router", {
  ...(domain ? { domain: { name: domain } } : {}),
  edge: {
    viewerRequest: { injection: originSecretInjection.apply((secret) => `${viewerAddressInjection}\n${secret}`) },
    viewerResponse: { injection: overlayInjection },
  },
  transform: {
    cachePolicy: (args) => {
      args.minTtl = 0; // no-store and max-age=0 are honoured
      args.defaultTtl = 0; // an answer without Cache-Control is not kept
      args.maxTtl = 31_536_000; // hashed static assets say immutable, a year
      // The public API authenticates with `Authorization: Bearer <key>`. CloudFront forwards that
      // header to the origin only when the cache policy names it (those answers are no-store).
      args.parametersInCacheKeyAndForwardedToOrigin = $output(args.parametersInCacheKeyAndForwardedToOrigin).apply(
        (p) => ({
          ...p,
          headersConfig: {
            headerBehavior: "whitelist",
            headers: { items: [...(p.headersConfig.headers?.items ?? []), "authorization"] },
          },
        }),
      );
    },
    cdn: (args) => {
      args.customErrorResponses = UNCACHED_ERRORS.map((errorCode) => ({ errorCode, errorCachingMinTtl: 0 }));
      args.defaultCacheBehavior = $output(args.defaultCacheBehavior).apply((behavior) =>
        securityHeaders.id.apply((id) => ({ ...behavior, responseHeadersPolicyId: id })),
      );
    },
  },
});

/** What every Lambda gets as SITE_URL: the origin used in links, e-mails and redirects. */
export const siteUrl = domain ? `https://${domain}` : router.url;
