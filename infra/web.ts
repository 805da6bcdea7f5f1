import { PREVIEW_PREFIXES } from "../packages/core/src/share/paths";
import { router, siteUrl } from "./router";
import { api } from "./api";
import { SHARE_PREVIEW_LINKS } from "../packages/functions/src/links";
import { table } from "./storage";
import { secrets } from "./secret";
import { files } from "./files";

/**
 * The Vite app as static files behind the Router, with /api/* forwarded to the HTTP API on
 * the same origin (so the session cookie is first-party and no CORS is involved). The Router
 * forwards cookies to the API; the app does not use an Authorization header.
 */
router.route("/api", api.url);
// Buyers' access links (/a/{token}, a row of the route table) are answered by the API too.
router.route("/a", api.url);

// The product dialog POSTs uploads from the site straight to the hosted-files bucket; no other
// origin and no other method (buyers download through presigned GETs, which need no CORS).
new aws.s3.BucketCorsConfiguration("FilesCors", {
  bucket: files.name,
  corsRules: [
    {
      allowedOrigins: [siteUrl],
      allowedMethods: ["POST"],
      allowedHeaders: ["*"],
      exposeHeaders: ["ETag"],
      maxAgeSeconds: 86_400,
    },
  ],
});

export const site = new sst.aws.StaticSite("Web", {
  path: "packages/web",
  build: { command: "npm run build", output: "dist" },
  // No errorPage on purpose: then a client-side route (/product/abc, /dashboard…) is
  // answered with index.html and status 200 (SPA mode), like the local server does.
  router: { instance: router },
});

/**
 * Share previews: the sales and store pages' paths go to a Lambda that answers the same
 * index.html with the page's Open Graph / Twitter tags filled in (crawlers do not run
 * JavaScript). It reads products and stores only: the table and the e-mail lists that decide
 * plan features, no credentials (SHARE_PREVIEW_LINKS; a test derives them from its imports).
 */
export const sharePreview = new sst.aws.Function("SharePreview", {
  handler: "packages/functions/src/share/preview.handler",
  runtime: "nodejs22.x",
  url: true,
  link: SHARE_PREVIEW_LINKS.map((name) => (name === "Table" ? table : secrets[name])),
  environment: { SITE_URL: siteUrl },
});
for (const prefix of PREVIEW_PREFIXES) router.route(prefix, sharePreview.url);
