import type { RouteDef } from "./route-def";

/**
 * Rows of the route table (./routes spreads them in) for secure delivery: uploading hosted
 * files, buyers' access links and licence keys.
 */
export const deliveryRoutes: RouteDef[] = [
  { method: "POST", path: "/api/uploads", handler: "uploads-create", access: "creator", links: ["Files"] },
  // A buyer's access link (rule: Access links): on the site's own origin, outside /api, so the link
  // people keep in e-mails is short; the router sends /a/* to the API like /api/*. system: a
  // buyer who paid gets their content during maintenance too (a GET, so no Origin check is lost).
  { method: "GET", path: "/a/{token}", handler: "access-open", access: "anonymous", system: true, links: ["Files"] },
  // Creators' own software checks a licence key: from any origin and during maintenance too
  // (system), carrying no cookie; 60 checks a minute per address stop key guessing.
  {
    method: "POST",
    path: "/api/licenses/verify",
    handler: "licenses-verify",
    access: "anonymous",
    system: true,
    rateLimit: { per: "address", limit: 60, windowSeconds: 60 },
  },
  { method: "PUT", path: "/api/sales/{id}/license-key", handler: "sales-license-key", access: "creator" },
];
