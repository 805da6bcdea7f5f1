import { PublicApi } from "@payloft/core/public-api/index";
import { keyApi } from "../http/api-key";
import { reply } from "../http/request";

/** POST /api/v1/products: a product with its price in cents; the dashboard's rules and plan limit. */
export const handler = keyApi(async (req) => reply(201, await PublicApi.createProduct(req.actor!.userId, req.body)));
