import { Product } from "@payloft/core/product/index";
import { api } from "../http/api";

export const handler = api(async (req) => {
  await Product.remove(req.actor!.userId, req.params.id ?? "");
  return { ok: true };
});
