import { Files } from "@payloft/core/files/index";
import { Product } from "@payloft/core/product/index";
import { api } from "../http/api";

/**
 * PUT /api/products/{id}: any subset of the creation dialog's fields (an edit), {is_active}
 * (Activate / Deactivate) or {pay_what_you_want, suggested_price?}, on one of the caller's own
 * products; core validates. A newly uploaded file needs the bucket, so this route hands it over.
 */
export const handler = api(async (req) =>
  Product.update(req.actor!.userId, req.params.id ?? "", req.body, { price: "dollars", files: Files }),
);
