import { PublicApi } from "@payloft/core/public-api/index";
import { keyApi } from "../http/api-key";

/** GET /api/v1/products/{id}: one of the key owner's products (404 for anyone else's). */
export const handler = keyApi(async (req) => PublicApi.getProduct(req.actor!.userId, req.params.id ?? ""));
