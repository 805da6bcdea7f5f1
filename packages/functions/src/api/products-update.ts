import { Product } from "@payloft/core/product/index";
import { api } from "../http/api";

/**
 * PUT /api/products/{id}: {is_active} (Activate / Deactivate) or {pay_what_you_want,
 * suggested_price?}, on one of the caller's own products.
 */
export const handler = api(async (req) => {
  const body = req.body;
  const pricing = !!body && typeof body === "object" && "pay_what_you_want" in body;
  if (pricing) return Product.setPricing(req.actor!.userId, req.params.id ?? "", body);
  return Product.setActive(req.actor!.userId, req.params.id ?? "", body);
});
