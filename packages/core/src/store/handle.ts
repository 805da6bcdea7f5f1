/**
 * A store handle's shape, apart from the input schema (input.ts, on classic zod) so the public
 * store read (public.ts) can normalise a handle from a link without carrying that schema.
 */
/** The scope of a handle's UniqueEntity claim (who holds which handle). */
export const STORE_HANDLE_SCOPE = "store-handle";

export const HANDLE_MIN = 3;
export const HANDLE_MAX = 30;

/** Lower-case letters, digits and hyphens, HANDLE_MIN to HANDLE_MAX of them. */
export const handleShaped = (h: string) => h.length >= HANDLE_MIN && h.length <= HANDLE_MAX && /^[a-z0-9-]+$/.test(h);

/** A handle as a link may spell it ("  Maya-Makes"), as saved ("maya-makes"); null when none could be. */
export function handleOf(raw: string): string | null {
  const h = raw.trim().toLowerCase();
  return handleShaped(h) ? h : null;
}
