// The discounts feature's face: what other features may use of it (eslint.config.js, web boundaries).
export { DiscountsSection } from "./components/DiscountsSection";
