// The products feature's face: what other features may use of it (eslint.config.js, web boundaries).
export { useProducts } from "./api/useProducts";
export { ProductDialog } from "./components/ProductDialog";
export { ProductsSection } from "./components/ProductsSection";
