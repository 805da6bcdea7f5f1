import type { RateLimitRule, RouteDef } from "./route-def";

/** Starting a checkout, by the app or by the page's form alike: one count per address. */
const CHECKOUT_LIMIT: RateLimitRule = { per: "address", limit: 20, windowSeconds: 60, bucket: "checkout" };

/** Rows of the route table (./routes spreads them in) that start a checkout for a product. */
export const checkoutRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/api/checkout/create-session",
    handler: "checkout-create-session",
    access: "anonymous",
    links: ["EncryptionKey"],
    rateLimit: CHECKOUT_LIMIT,
  },
  // The sales page's Buy button before (or without) JavaScript: a form post, answered 303 to the
  // provider's checkout, with create-session's checks, its Origin check and its count.
  {
    method: "POST",
    path: "/api/checkout/buy",
    handler: "checkout-buy",
    access: "anonymous",
    links: ["EncryptionKey"],
    rateLimit: CHECKOUT_LIMIT,
  },
];
