import { router } from "./router";
import { api } from "./api";

/**
 * The Vite app as static files behind the Router, with /api/* forwarded to the HTTP API on
 * the same origin (so the session cookie is first-party and no CORS is involved). The Router
 * forwards cookies to the API; the app does not use an Authorization header.
 */
router.route("/api", api.url);
// Buyers' access links (/a/{token}, a row of the route table) are answered by the API too.
router.route("/a", api.url);

export const site = new sst.aws.StaticSite("Web", {
  path: "packages/web",
  build: { command: "npm run build", output: "dist" },
  // No errorPage on purpose: then a client-side route (/product/abc, /dashboard…) is
  // answered with index.html and status 200 (SPA mode), like the local server does.
  router: { instance: router },
});
