import type { ProductPageData } from "@/lib/pageData";
import { loadBundleContents, loadClaimForm, loadTierPicker } from "@/features/sales-page/components/lazyParts";

/**
 * The tab's title of the sales page and the overlay: the product's, or why there is none. An
 * unavailable product's name stays out of it: crawlers read the title of its link.
 */
export const productTitle = ({ product, failed }: ProductPageData) => {
  if (product) return product.is_active ? product.headline || product.name : "Product Unavailable";
  return failed ? "Failed to load product" : "Product not found";
};

/**
 * The parts this product shows at once, loaded before the first render (components/lazyParts.tsx):
 * a free product's claim form, a bundle's contents, a membership's tiers.
 */
export const salesPageReady = ({ product }: ProductPageData) => {
  if (!product) return undefined;
  const parts = [
    product.is_active && product.price === 0 && loadClaimForm(),
    !!product.bundle_items?.length && loadBundleContents(),
    product.billing === "recurring" && loadTierPicker(),
  ].filter((part) => part !== false);
  return parts.length ? Promise.all(parts) : undefined;
};
