import { productPublicView } from "@payloft/core/product/sales-page";
import { api } from "../http/api";

/**
 * The sales-page view: no content_url; is_active=false when it cannot be bought. Imports the
 * one operation, not the Product namespace, so the bundle carries no other product code.
 */
export const handler = api(async (req) => productPublicView(req.params.productId ?? ""));
