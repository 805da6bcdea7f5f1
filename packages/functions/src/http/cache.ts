import type { RouteDef } from "../routes";

/**
 * Who may keep a copy of an /api answer. CloudFront caches by path and query only (cookies
 * are not in its cache key), so an answer that depends on the caller must never be stored:
 * everything is `no-store` unless its row declares `cache` (anonymous GET rows whose answer
 * is the same for everyone), and even then only a 200 without cookies is shared, briefly.
 * Errors and 5xx are never stored. Browsers always ask again (max-age=0): a creator who just
 * changed a product sees it at once; only the CDN's shared copy may lag, by seconds.
 */
export const NO_STORE = "private, no-store";

export function cacheControl(route: RouteDef | undefined, status: number, setsCookies: boolean): string {
  if (!route?.cache || status !== 200 || setsCookies) return NO_STORE;
  const seconds = route.cache.maxAgeSeconds;
  return `public, max-age=0, s-maxage=${seconds}`;
}
