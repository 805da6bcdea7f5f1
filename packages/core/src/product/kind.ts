/**
 * A product's type as stored and read, without zod (view.ts and the sales page's lean path
 * bundle this file): a standard product delivers its own content; a bundle (./bundle.ts) delivers
 * its items'. Products from before bundles are standard.
 */
export const PRODUCT_TYPES = ["standard", "bundle"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const MIN_BUNDLE_ITEMS = 2;
export const MAX_BUNDLE_ITEMS = 20;

export const kindOf = (p: { type?: ProductType; bundle_product_ids?: string[] }) => ({
  type: p.type ?? "standard",
  bundle_product_ids: p.type === "bundle" ? [...(p.bundle_product_ids ?? [])] : [],
});
