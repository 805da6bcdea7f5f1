// The storefront feature's face: what other features may use of it (eslint.config.js, web boundaries).
export { StoreSettings } from "./components/StoreSettings";
