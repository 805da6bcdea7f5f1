import type { RouteDef } from "./route-def";

/**
 * Rows of the route table (./routes spreads them in) for affiliates: the creator's side under
 * /api/affiliates (Pro and Business), the invited person's under /api/affiliate (any role:
 * consent comes from whoever signs in with the invited e-mail).
 */
export const affiliateRoutes: RouteDef[] = [
  // An affiliate's link, on the site's own origin (the router sends /r/* to the API like /a/*):
  // system, so links in people's posts keep working during maintenance (a GET: no Origin check lost).
  { method: "GET", path: "/r/{code}", handler: "affiliate-link", access: "anonymous", query: true, system: true },
  { method: "GET", path: "/api/affiliates/settings", handler: "affiliates-settings-get", access: "creator" },
  { method: "PUT", path: "/api/affiliates/settings", handler: "affiliates-settings-save", access: "creator" },
  { method: "GET", path: "/api/affiliates", handler: "affiliates-list", access: "creator" },
  // Every invitation is an e-mail to someone who did not ask for it: 30 an hour per address.
  {
    method: "POST",
    path: "/api/affiliates",
    handler: "affiliates-invite",
    access: "creator",
    links: ["Email"],
    rateLimit: { per: "address", limit: 30, windowSeconds: 3600, bucket: "affiliate-invite" },
  },
  { method: "GET", path: "/api/affiliates/payouts/due", handler: "affiliates-payouts-due", access: "creator" },
  { method: "GET", path: "/api/affiliates/payouts/due.csv", handler: "affiliates-payouts-due-csv", access: "creator" },
  { method: "POST", path: "/api/affiliates/{id}/payouts", handler: "affiliates-payout-create", access: "creator" },
  { method: "PUT", path: "/api/affiliates/{id}", handler: "affiliates-update", access: "creator" },
  { method: "DELETE", path: "/api/affiliates/{id}", handler: "affiliates-delete", access: "creator" },
  { method: "GET", path: "/api/affiliate/invitations", handler: "affiliate-invitations", access: "user" },
  {
    method: "POST",
    path: "/api/affiliate/invitations/{id}/accept",
    handler: "affiliate-invitation-accept",
    access: "user",
    body: false,
  },
  {
    method: "POST",
    path: "/api/affiliate/invitations/{id}/decline",
    handler: "affiliate-invitation-decline",
    access: "user",
    body: false,
  },
  { method: "GET", path: "/api/affiliate/programs", handler: "affiliate-programs", access: "user" },
  { method: "GET", path: "/api/affiliate/programs/{id}", handler: "affiliate-program", access: "user" },
  { method: "PUT", path: "/api/affiliate/payout-details", handler: "affiliate-payout-details", access: "user" },
];
