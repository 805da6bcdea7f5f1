/**
 * The pages the server renders (packages/functions/src/pages): the sales page at /product/{id}
 * and its short form /p/{id}, the overlay checkout at /overlay/product/{id} and store pages at
 * /s/{handle}. Pure data with no imports, so the infrastructure routes exactly these prefixes
 * to the page Lambda and the local server sends exactly these paths to the same handler.
 */
export const PAGE_PREFIXES = ["/product", "/p", "/s", "/overlay"] as const;

export type PageKind = "product" | "overlay" | "store";

export interface PageTarget {
  page: PageKind;
  /** The path's first segment: a shared link keeps its own form (/p/… stays /p/…). */
  prefix: "product" | "p" | "s" | "overlay/product";
  /** The product id or store handle, still URI-encoded. */
  key: string;
}

/** "/product/abc" -> { page: "product", prefix: "product", key: "abc" }; null for any other path. */
export function pageTarget(pathname: string): PageTarget | null {
  const m = /^\/(product|p|s|overlay\/product)\/([^/]+)\/?$/.exec(pathname);
  if (!m) return null;
  const prefix = m[1] as PageTarget["prefix"];
  const page = prefix === "s" ? "store" : prefix === "overlay/product" ? "overlay" : "product";
  return { page, prefix, key: m[2]! };
}
