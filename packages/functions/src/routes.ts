/**
 * THE route table. infra/api.ts declares one API Gateway route + Lambda per row and the
 * local gateway serves the same rows; `access` is enforced by the `api()` wrapper, which
 * finds the row by the event's routeKey. Add a route here (or in a file of rows it spreads
 * in, like ./routes-delivery.ts) and nowhere else.
 *
 * access:
 *  - anonymous: anyone
 *  - user:      any signed-in, active person (with or without a role)
 *  - customer:  role customer
 *  - creator:   role creator, or an admin (admins sell too)
 *  - admin:     role admin or is_admin
 *  - apikey:    Bearer API key of a creator with the public API (never a cookie)
 */
import { businessRoutes } from "./business-routes";
import { adminRoutes } from "./admin-routes";
import { affiliateRoutes } from "./routes-affiliates";
import type { RateLimitRule, RouteDef } from "./route-def";
import { checkoutRoutes } from "./routes-checkout";
import { deliveryRoutes } from "./routes-delivery";
import { membershipRoutes } from "./routes-memberships";

export type { Access, Method, RateLimitRule, RouteDef } from "./route-def";
export { takesBody } from "./route-def";

/** Both halves of sign-in (the redirect and the code exchange) share one count per address. */
const SIGN_IN_LIMIT: RateLimitRule = { per: "address", limit: 60, windowSeconds: 600, bucket: "sign-in" };
/** The seller's own provider keys; Email because the shared refund.created step may record a late sale first. */
const SALE_REFUND: RouteDef["links"] = ["Email", "EncryptionKey"];

/** A store page changes rarely; a cached copy of half a minute is fine (anonymous GET). */
const STORE = { maxAgeSeconds: 30 };
/** The platform's public figures move slowly and are rounded down anyway: five minutes is fine. */
const SHOWCASE = { maxAgeSeconds: 300 };

export const routes: RouteDef[] = [
  // ── platform ──
  { method: "GET", path: "/api/health", handler: "health", access: "anonymous", system: true },

  // ── sign-in, sessions, profiles ──
  {
    method: "GET",
    path: "/api/oauth/google/redirect_url",
    handler: "oauth-redirect-url",
    access: "anonymous",
    rateLimit: SIGN_IN_LIMIT,
  },
  { method: "POST", path: "/api/sessions", handler: "sessions-create", access: "anonymous", rateLimit: SIGN_IN_LIMIT },
  // A state change, so POST under the Origin check (rule: Logout is a POST): a link or image on
  // another site cannot sign people out.
  {
    method: "POST",
    path: "/api/logout",
    handler: "logout",
    access: "anonymous",
    body: false,
    rateLimit: { per: "address", limit: 30, windowSeconds: 60 },
  },
  // Anonymous so a visitor's start-up check answers 200 {user: null}, not a console 401.
  { method: "GET", path: "/api/users/me", handler: "users-me", access: "anonymous" },
  { method: "GET", path: "/api/profile", handler: "profile-get", access: "user" },
  { method: "POST", path: "/api/profile", handler: "profile-update", access: "user" },
  { method: "POST", path: "/api/profile/role", handler: "profile-role", access: "user" },
  { method: "POST", path: "/api/profile/customer", handler: "profile-customer", access: "user" },
  {
    method: "GET",
    path: "/api/public/creator/{creatorId}",
    handler: "public-creator",
    access: "anonymous",
    cache: { maxAgeSeconds: 60 },
  },

  // ── payments: webhooks ──
  {
    method: "POST",
    path: "/api/webhooks/stripe",
    handler: "webhooks-stripe",
    access: "anonymous",
    system: true,
    links: ["Bus", "StripeWebhookSecret"],
  },
  {
    method: "POST",
    path: "/api/webhooks/stripe/{sellerId}",
    handler: "webhooks-stripe-seller",
    access: "anonymous",
    system: true,
    links: ["Bus", "EncryptionKey"],
  },

  {
    method: "POST",
    path: "/api/webhooks/paypal/{sellerId}",
    handler: "webhooks-paypal-seller",
    access: "anonymous",
    system: true,
    links: ["Bus", "EncryptionKey"],
  },

  // ── selling: products, payment setup, public pages, checkout ──
  { method: "GET", path: "/api/products", handler: "products-list", access: "creator" },
  { method: "POST", path: "/api/products", handler: "products-create", access: "creator", links: ["Files"] },
  { method: "PUT", path: "/api/products/{id}", handler: "products-update", access: "creator", links: ["Files"] },
  {
    method: "GET",
    path: "/api/payment-integration",
    handler: "payment-integration-get",
    access: "creator",
    links: ["EncryptionKey"],
  },
  {
    method: "POST",
    path: "/api/payment-integration",
    handler: "payment-integration-save",
    access: "creator",
    links: ["EncryptionKey"],
  },
  {
    method: "DELETE",
    path: "/api/payment-integration",
    handler: "payment-integration-delete",
    access: "creator",
    links: ["EncryptionKey"],
  },
  {
    method: "GET",
    path: "/api/public/products/{productId}",
    handler: "public-product",
    access: "anonymous",
    cache: { maxAgeSeconds: 30 },
  },
  {
    method: "POST",
    path: "/api/public/products/{productId}/view",
    handler: "public-product-view",
    access: "anonymous",
    rateLimit: { per: "address", limit: 60, windowSeconds: 60 },
  },
  // What a discount code does to the price, before Buy: the same rules as checkout, no use taken.
  // Per address, so guessing codes is slow (20 a minute).
  {
    method: "POST",
    path: "/api/public/products/{productId}/discount-preview",
    handler: "public-discount-preview",
    access: "anonymous",
    rateLimit: { per: "address", limit: 20, windowSeconds: 60 },
  },
  {
    method: "POST",
    path: "/api/recovery/unsubscribe",
    handler: "recovery-unsubscribe",
    access: "anonymous",
    rateLimit: { per: "address", limit: 20, windowSeconds: 60 },
  },
  {
    method: "GET",
    path: "/api/public/products/{productId}/embed",
    handler: "public-product-embed",
    access: "anonymous",
    cache: { maxAgeSeconds: 30 },
  },
  {
    method: "GET",
    path: "/api/public/payment-info/{productId}",
    handler: "public-payment-info",
    access: "anonymous",
    cache: { maxAgeSeconds: 30 },
  },
  // Starting a checkout: by the app (JSON) and by the sales page's Buy form (./routes-checkout.ts).
  ...checkoutRoutes,
  {
    method: "GET",
    path: "/api/checkout/success",
    handler: "checkout-success",
    access: "anonymous",
    query: true,
    // system: a buyer who paid just before maintenance began still gets their purchase.
    system: true,
    links: ["Email", "EncryptionKey"],
  },
  // A free product claimed with an e-mail address (rule: Free claims): limited per address here and
  // per product in core, with one claim e-mail per address and product a day.
  {
    method: "POST",
    path: "/api/checkout/claim",
    handler: "checkout-claim",
    access: "anonymous",
    links: ["Bus", "Email", "EncryptionKey"],
    rateLimit: { per: "address", limit: 10, windowSeconds: 60 },
  },
  // The buyer's return from PayPal: captures even in maintenance mode (the money was approved).
  {
    method: "GET",
    path: "/api/checkout/paypal/return",
    handler: "checkout-paypal-return",
    access: "anonymous",
    query: true,
    system: true,
    links: ["Email", "EncryptionKey"],
  },

  // ── growth: storefronts, discount codes ──
  { method: "GET", path: "/api/store", handler: "store-get", access: "creator" },
  { method: "PUT", path: "/api/store", handler: "store-save", access: "creator" },
  { method: "GET", path: "/api/public/stores/{handle}", handler: "public-store", access: "anonymous", cache: STORE },
  { method: "GET", path: "/api/public/stats", handler: "public-stats", access: "anonymous", cache: SHOWCASE },
  { method: "GET", path: "/api/discounts", handler: "discounts-list", access: "creator" },
  { method: "POST", path: "/api/discounts", handler: "discounts-create", access: "creator" },
  { method: "PUT", path: "/api/discounts/{id}", handler: "discounts-update", access: "creator" },
  { method: "DELETE", path: "/api/discounts/{id}", handler: "discounts-delete", access: "creator" },
  // ── growth: affiliates (./routes-affiliates.ts) ──
  ...affiliateRoutes,
  // ── delivery: hosted files, access links, licence keys (./routes-delivery.ts) ──
  ...deliveryRoutes,

  // ── plans and platform billing ──
  {
    method: "POST",
    path: "/api/platform/create-checkout-session",
    handler: "platform-create-checkout-session",
    access: "user",
    links: ["StripeSecretKey"],
    rateLimit: { per: "address", limit: 10, windowSeconds: 60, bucket: "platform-checkout" },
  },
  {
    method: "POST",
    path: "/api/platform/create-lifetime-checkout",
    handler: "platform-create-lifetime-checkout",
    access: "user",
    links: ["StripeSecretKey"],
    rateLimit: { per: "address", limit: 10, windowSeconds: 60, bucket: "platform-checkout" },
  },
  {
    method: "GET",
    path: "/api/platform/subscription-success",
    handler: "platform-subscription-success",
    access: "user",
    query: true,
    links: ["StripeSecretKey"],
  },
  {
    method: "POST",
    path: "/api/platform/change-plan",
    handler: "platform-change-plan",
    access: "creator",
    links: ["StripeSecretKey"],
  },
  {
    method: "GET",
    path: "/api/platform/billing",
    handler: "platform-billing",
    access: "creator",
    links: ["StripeSecretKey"],
  },

  // ── dashboards, sales, customers, customer portal ──
  { method: "GET", path: "/api/dashboard/stats", handler: "dashboard-stats", access: "creator" },
  { method: "GET", path: "/api/dashboard/chart-data", handler: "dashboard-chart-data", access: "creator" },
  {
    method: "GET",
    path: "/api/dashboard/products-analytics",
    handler: "dashboard-products-analytics",
    access: "creator",
  },
  { method: "GET", path: "/api/dashboard/traffic", handler: "dashboard-traffic", access: "creator", query: true },
  { method: "GET", path: "/api/sales-history", handler: "sales-history", access: "creator", query: true },
  {
    method: "POST",
    path: "/api/sales/{id}/refund",
    handler: "sales-refund",
    access: "creator",
    body: false,
    links: SALE_REFUND,
  },
  { method: "GET", path: "/api/customers", handler: "customers", access: "creator", query: true },
  { method: "GET", path: "/api/customer/purchases", handler: "customer-purchases", access: "customer" },
  { method: "POST", path: "/api/customer/track-access", handler: "customer-track-access", access: "customer" },
  { method: "PUT", path: "/api/customer/profile", handler: "customer-profile", access: "customer" },
  // memberships: the buyer's and the creator's (./routes-memberships.ts)
  ...membershipRoutes,
  // ── Business plan: API keys, outgoing webhooks, the public REST API v1 (./business-routes) ──
  ...businessRoutes,

  // ── admin, settings, announcements (./admin-routes) ──
  ...adminRoutes,
];

export const routeKey = (r: Pick<RouteDef, "method" | "path">) => `${r.method} ${r.path}`;

export function findRoute(key: string): RouteDef | undefined {
  return routes.find((r) => routeKey(r) === key);
}

/** Path of a route's handler module relative to the repository root (used by infra). */
export const handlerModule = (r: RouteDef) => `packages/functions/src/api/${r.handler}`;
