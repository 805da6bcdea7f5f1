// The checkout feature's face: what other features may use of it (packages/web/boundaries.mjs).
export { type CheckoutSuccess, useCheckoutSuccess } from "./api/useCheckoutSuccess";
export { OrderItems } from "./components/OrderItems";
