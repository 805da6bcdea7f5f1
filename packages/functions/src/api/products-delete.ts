import { deleteProduct } from "@payloft/core/membership/product-delete";
import { api } from "../http/api";

/** DELETE /api/products/{id}?cancel_memberships=true: see core/membership/product-delete.ts. */
export const handler = api(async (req) => {
  await deleteProduct(req.actor!.userId, req.params.id ?? "", req.query);
  return { ok: true };
});
