import { preloadable } from "@/features/sales-page/lib/preloadable";

// Parts only some products show, each its own chunk (lib/preloadable.tsx): most products' pages
// do not download them (budget: docs/performance.md, "Sales page weight").

/** A free product's (or a code that takes everything off) claim form, in the Buy button's place. */
const claim = preloadable(
  () => import("./ClaimForm").then((m) => m.ClaimForm),
  <div className="h-40" aria-busy="true" />,
);
export const LazyClaimForm = claim.Part;
export const loadClaimForm = claim.preload;

/** A bundle's "What's inside". */
const bundle = preloadable(() => import("./BundleContents").then((m) => m.BundleContents));
export const LazyBundleContents = bundle.Part;
export const loadBundleContents = bundle.preload;

/** A membership's billing period and tier. */
const tiers = preloadable(() => import("./TierPicker").then((m) => m.TierPicker));
export const LazyTierPicker = tiers.Part;
export const loadTierPicker = tiers.preload;
