import type { ProductPageData } from "@/lib/pageData";
import { loadClaimForm } from "@/features/sales-page/components/LazyClaimForm";

/**
 * The tab's title of the sales page and the overlay: the product's, or why there is none. An
 * unavailable product's name stays out of it: crawlers read the title of its link.
 */
export const productTitle = ({ product, failed }: ProductPageData) => {
  if (product) return product.is_active ? product.headline || product.name : "Product Unavailable";
  return failed ? "Failed to load product" : "Product not found";
};

/** A free product shows the claim form at once: its code is loaded before the first render. */
export const salesPageReady = ({ product }: ProductPageData) =>
  product?.is_active && product.price === 0 ? loadClaimForm() : undefined;
