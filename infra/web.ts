import { PAGE_PREFIXES } from "../packages/core/src/pages/paths";
import { router, siteUrl } from "./router";
import { api } from "./api";
import { PAGE_LINKS } from "../packages/functions/src/links";
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
// Affiliates' links (/r/{code}) too: they set the attribution cookie on the site's own origin.
router.route("/r", api.url);

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
 * The pages the server renders: the sales, overlay and store pages' paths go to a Lambda that
 * answers the page rendered with react-dom/server into its built shell (dist/pages/<page>.html,
 * fetched from the site), with its data and its Open Graph / Twitter tags (crawlers do not run
 * JavaScript). It reads products, stores and which provider a seller takes: the table and the
 * e-mail lists that decide plan features, no credentials (PAGE_LINKS; a test derives them from
 * its imports).
 */
export const pages = new sst.aws.Function("Pages", {
  handler: "packages/functions/src/pages/handler.handler",
  runtime: "nodejs22.x",
  url: true,
  link: PAGE_LINKS.map((name) => (name === "Table" ? table : secrets[name])),
  environment: { SITE_URL: siteUrl },
});
for (const prefix of PAGE_PREFIXES) router.route(prefix, pages.url);
