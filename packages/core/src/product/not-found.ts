import { NotFoundError } from "../errors";

/** The one 404 of a product that does not exist, or that the caller may not see. */
export const productNotFound = () => new NotFoundError("product.not_found", "Product not found");
