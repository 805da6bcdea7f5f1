/**
 * The one public origin (CloudFront). The web app and /api/* share it, so the session
 * cookie is first-party. A stage may have a custom domain: `PAYLOFT_DOMAIN=shop.example.com`
 * at deploy time (DNS on Route 53); otherwise the CloudFront URL is the site's URL.
 */
const domain = process.env.PAYLOFT_DOMAIN?.trim() || undefined;

export const router = new sst.aws.Router("Router", {
  ...(domain ? { domain: { name: domain } } : {}),
  transform: {
    // The public API authenticates with `Authorization: Bearer <key>`. CloudFront forwards that
    // header to the origin only when the cache policy names it (responses are no-store anyway).
    cachePolicy: (args) => {
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
  },
});

/** What every Lambda gets as SITE_URL: the origin used in links, e-mails and redirects. */
export const siteUrl = domain ? `https://${domain}` : router.url;
