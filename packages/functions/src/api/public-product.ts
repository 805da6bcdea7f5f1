import { Product } from "@payloft/core/product/index";
import { api } from "../http/api";

/** The sales-page view: no content_url; is_active=false when it cannot be bought. */
export const handler = api(async (req) => Product.publicView(req.params.productId ?? ""));
