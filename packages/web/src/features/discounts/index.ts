// The discounts feature's face: what other features may use of it (packages/web/boundaries.mjs).
export { DiscountsSection } from "./components/DiscountsSection";
