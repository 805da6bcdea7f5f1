// The cart feature's face (packages/web/boundaries.mjs): the store and sales pages show these.
export { AddToCartButton } from "./components/AddToCartButton";
export { CartButton } from "./components/CartButton";
