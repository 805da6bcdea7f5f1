import { PublicApi } from "@payloft/core/public-api/index";
import { keyApi } from "../http/api-key";

/** GET /api/v1/products?limit=&cursor=: the key owner's products, newest first. */
export const handler = keyApi(async (req) => PublicApi.listProducts(req.actor!.userId, req.query));
