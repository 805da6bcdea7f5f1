// The storefront feature's face: what other features may use of it (packages/web/boundaries.mjs).
export { StoreSettings } from "./components/StoreSettings";
