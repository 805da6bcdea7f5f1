import { PublicApi } from "@payloft/core/public-api/index";
import { api } from "../http/api";

/** GET /api/v1/products/{id}: one of the key owner's products (404 for anyone else's). */
export const handler = api(async (req) => PublicApi.getProduct(req.actor!.userId, req.params.id ?? ""));
