import { Discount } from "@payloft/core/discount/index";
import { api } from "../http/api";

/** DELETE /api/discounts/{id}: the caller's own code stops working. */
export const handler = api(async (req) => {
  await Discount.remove(req.actor!.userId, req.params.id ?? "");
  return { ok: true };
});
