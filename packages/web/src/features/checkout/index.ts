// The checkout feature's face: what other features may use of it (eslint.config.js, web boundaries).
export { type CheckoutSuccess, useCheckoutSuccess } from "./api/useCheckoutSuccess";
