import type { RouteDef } from "./route-def";

/**
 * Rows of the route table (./routes spreads them in) for memberships: the buyer's own (portal)
 * and the creator's members. Actions go to the seller's Stripe through their sealed key.
 */
export const membershipRoutes: RouteDef[] = [
  { method: "GET", path: "/api/customer/memberships", handler: "customer-memberships", access: "customer" },
  {
    method: "POST",
    path: "/api/customer/memberships/{id}/cancel",
    handler: "customer-membership-cancel",
    access: "customer",
    body: false,
    links: ["EncryptionKey"],
  },
  {
    method: "POST",
    path: "/api/customer/memberships/{id}/resume",
    handler: "customer-membership-resume",
    access: "customer",
    body: false,
    links: ["EncryptionKey"],
  },
  {
    method: "POST",
    path: "/api/customer/memberships/{id}/change",
    handler: "customer-membership-change",
    access: "customer",
    links: ["EncryptionKey"],
  },
  {
    method: "POST",
    path: "/api/customer/memberships/{id}/payment-method",
    handler: "customer-membership-payment-method",
    access: "customer",
    body: false,
    links: ["EncryptionKey"],
  },
  { method: "GET", path: "/api/memberships", handler: "memberships-list", access: "creator", query: true },
  {
    method: "POST",
    path: "/api/memberships/{id}/cancel",
    handler: "memberships-cancel",
    access: "creator",
    links: ["EncryptionKey"],
  },
  // Deleting a product: with ?cancel_memberships=true its members are canceled at the seller's provider first.
  {
    method: "DELETE",
    path: "/api/products/{id}",
    handler: "products-delete",
    access: "creator",
    query: true,
    links: ["EncryptionKey"],
  },
];
