import type { RouteDef } from "./route-def";

/**
 * The administrators' rows of THE route table (./routes spreads them in; kept apart only so
 * each file stays small), with the two read-only calls every signed-in page makes (status and
 * announcements) that admins manage here.
 */
export const adminRoutes: RouteDef[] = [
  { method: "GET", path: "/api/public/status", handler: "public-status", access: "anonymous", system: true },
  { method: "GET", path: "/api/announcements", handler: "announcements", access: "user" },
  { method: "GET", path: "/api/payment-integrations", handler: "payment-integrations", access: "admin" },
  { method: "GET", path: "/api/admin/stats", handler: "admin-stats", access: "admin" },
  { method: "GET", path: "/api/admin/chart-data", handler: "admin-chart-data", access: "admin" },
  { method: "GET", path: "/api/admin/finance", handler: "admin-finance", access: "admin" },
  { method: "GET", path: "/api/admin/users", handler: "admin-users-list", access: "admin", query: true },
  {
    method: "POST",
    path: "/api/admin/users/create",
    handler: "admin-users-create",
    access: "admin",
    links: ["StripeSecretKey"],
  },
  { method: "PUT", path: "/api/admin/users/{id}/admin", handler: "admin-users-set-admin", access: "admin" },
  {
    method: "PUT",
    path: "/api/admin/users/{id}/plan",
    handler: "admin-users-set-plan",
    access: "admin",
    links: ["StripeSecretKey"],
  },
  {
    method: "PUT",
    path: "/api/admin/users/{id}/deactivate",
    handler: "admin-users-deactivate",
    access: "admin",
    body: false,
    links: ["StripeSecretKey"],
  },
  {
    method: "PUT",
    path: "/api/admin/users/{id}/reactivate",
    handler: "admin-users-reactivate",
    access: "admin",
    body: false,
    links: ["StripeSecretKey"],
  },
  {
    method: "DELETE",
    path: "/api/admin/users/{id}",
    handler: "admin-users-delete",
    access: "admin",
    links: ["StripeSecretKey"],
  },
  { method: "GET", path: "/api/admin/sales", handler: "admin-sales", access: "admin", query: true },
  { method: "GET", path: "/api/admin/customers", handler: "admin-customers", access: "admin", query: true },
  { method: "GET", path: "/api/admin/products", handler: "admin-products", access: "admin", query: true },
  {
    method: "PUT",
    path: "/api/admin/products/{id}/moderate",
    handler: "admin-products-moderate",
    access: "admin",
    links: ["Email"],
  },
  { method: "GET", path: "/api/admin/settings", handler: "admin-settings-list", access: "admin" },
  { method: "PUT", path: "/api/admin/settings", handler: "admin-settings-update", access: "admin" },
  { method: "GET", path: "/api/admin/announcements", handler: "admin-announcements-list", access: "admin" },
  { method: "POST", path: "/api/admin/announcements", handler: "admin-announcements-create", access: "admin" },
  { method: "PUT", path: "/api/admin/announcements/{id}", handler: "admin-announcements-update", access: "admin" },
  { method: "DELETE", path: "/api/admin/announcements/{id}", handler: "admin-announcements-delete", access: "admin" },
];
