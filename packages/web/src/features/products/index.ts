// The products feature's face: what other features may use of it (packages/web/boundaries.mjs).
export { useProducts } from "./api/useProducts";
export { ProductDialog } from "./components/ProductDialog";
export { ProductsSection } from "./components/ProductsSection";
