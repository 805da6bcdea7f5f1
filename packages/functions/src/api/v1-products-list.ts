import { PublicApi } from "@payloft/core/public-api/index";
import { api } from "../http/api";

/** GET /api/v1/products?limit=&cursor=: the key owner's products, newest first. */
export const handler = api(async (req) => PublicApi.listProducts(req.actor!.userId, req.query));
