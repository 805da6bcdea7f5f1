// The affiliates feature's face: what other features may use of it (packages/web/boundaries.mjs).
export { AffiliatesSection } from "./components/AffiliatesSection";
export { AffiliateAreaLink } from "./components/AffiliateAreaLink";
