import { Product } from "@payloft/core/product/index";
import { api } from "../http/api";
import { reply } from "../http/request";

/** The sales page's page-view beacon (conversion analytics). */
export const handler = api(async (req) => {
  await Product.recordView(req.params.productId ?? "");
  return reply(204, undefined);
});
