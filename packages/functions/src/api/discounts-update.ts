import { Discount } from "@payloft/core/discount/index";
import { api } from "../http/api";

/** PUT /api/discounts/{id}: any subset of the code's fields, on the caller's own code. */
export const handler = api(async (req) => ({
  discount: await Discount.update(req.actor!.userId, req.params.id ?? "", req.body),
}));
