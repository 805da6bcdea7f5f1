import type { RouteDef } from "./route-def";

/**
 * The Business plan's rows of THE route table (./routes spreads them in; kept apart only so
 * each file stays small): API keys and outgoing webhooks for a creator's session, and the
 * public REST API v1, which opens only to `Authorization: Bearer <API key>` (access `apikey`).
 */
export const businessRoutes: RouteDef[] = [
  // ── Business plan: API keys ──
  { method: "GET", path: "/api/api-keys", handler: "api-keys-list", access: "creator" },
  { method: "POST", path: "/api/api-keys", handler: "api-keys-create", access: "creator" },
  { method: "DELETE", path: "/api/api-keys/{id}", handler: "api-keys-delete", access: "creator" },

  // ── Business plan: outgoing webhooks ──
  {
    method: "GET",
    path: "/api/webhook-endpoints",
    handler: "webhook-endpoints-list",
    access: "creator",
    links: ["EncryptionKey", "WebhookQueue"],
  },
  {
    method: "POST",
    path: "/api/webhook-endpoints",
    handler: "webhook-endpoints-create",
    access: "creator",
    links: ["EncryptionKey", "WebhookQueue"],
  },
  {
    method: "PUT",
    path: "/api/webhook-endpoints/{id}",
    handler: "webhook-endpoints-update",
    access: "creator",
    links: ["EncryptionKey", "WebhookQueue"],
  },
  {
    method: "DELETE",
    path: "/api/webhook-endpoints/{id}",
    handler: "webhook-endpoints-delete",
    access: "creator",
    links: ["EncryptionKey", "WebhookQueue"],
  },
  {
    method: "GET",
    path: "/api/webhook-endpoints/{id}/deliveries",
    handler: "webhook-endpoints-deliveries",
    access: "creator",
    query: true,
    links: ["EncryptionKey", "WebhookQueue"],
  },
  {
    method: "POST",
    path: "/api/webhook-endpoints/{id}/deliveries/{deliveryId}/resend",
    handler: "webhook-endpoints-resend",
    access: "creator",
    body: false,
    links: ["EncryptionKey", "WebhookQueue"],
  },
  {
    method: "POST",
    path: "/api/webhook-endpoints/{id}/roll-secret",
    handler: "webhook-endpoints-roll-secret",
    access: "creator",
    body: false,
    links: ["EncryptionKey", "WebhookQueue"],
  },
  {
    method: "POST",
    path: "/api/webhook-endpoints/{id}/test",
    handler: "webhook-endpoints-test",
    access: "creator",
    body: false,
    links: ["EncryptionKey", "WebhookQueue"],
  },

  // ── Business plan: the public REST API v1 (documented by GET /api/v1/openapi.json) ──
  { method: "GET", path: "/api/v1/openapi.json", handler: "v1-openapi", access: "anonymous" },
  { method: "GET", path: "/api/v1/products", handler: "v1-products-list", access: "apikey", query: true },
  { method: "POST", path: "/api/v1/products", handler: "v1-products-create", access: "apikey" },
  { method: "GET", path: "/api/v1/products/{id}", handler: "v1-products-get", access: "apikey" },
  { method: "PATCH", path: "/api/v1/products/{id}", handler: "v1-products-update", access: "apikey" },
  {
    method: "DELETE",
    path: "/api/v1/products/{id}",
    handler: "v1-products-delete",
    access: "apikey",
    query: true,
    links: ["EncryptionKey"],
  },
  { method: "GET", path: "/api/v1/sales", handler: "v1-sales", access: "apikey", query: true },
  { method: "GET", path: "/api/v1/customers", handler: "v1-customers", access: "apikey", query: true },
  { method: "GET", path: "/api/v1/affiliates", handler: "v1-affiliates", access: "apikey" },
  { method: "GET", path: "/api/v1/memberships", handler: "v1-memberships-list", access: "apikey", query: true },
  { method: "GET", path: "/api/v1/memberships/{id}", handler: "v1-memberships-get", access: "apikey" },
  // The seller's Stripe key cancels the subscription.
  {
    method: "POST",
    path: "/api/v1/memberships/{id}/cancel",
    handler: "v1-memberships-cancel",
    access: "apikey",
    links: ["EncryptionKey"],
  },
];
