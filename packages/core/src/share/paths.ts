/**
 * The SPA paths whose served HTML carries a share preview: the sales page (/product/{id} and
 * its short form /p/{id}) and store pages (/s/{handle}). Pure data with no imports, so the
 * infrastructure can route exactly these prefixes to the preview Lambda.
 */
export const PREVIEW_PREFIXES = ["/product", "/p", "/s"] as const;

/** "/product/abc" -> { prefix: "product", key: "abc" } (still URI-encoded); null for anything else. */
export function previewTarget(pathname: string): { prefix: "product" | "p" | "s"; key: string } | null {
  const m = /^\/(product|p|s)\/([^/]+)\/?$/.exec(pathname);
  return m ? { prefix: m[1] as "product" | "p" | "s", key: m[2]! } : null;
}
