import { PublicApi } from "@payloft/core/public-api/index";
import { keyApi } from "../http/api-key";

/** PATCH /api/v1/products/{id}: changes the sent fields, checked like a new product. */
export const handler = keyApi(async (req) => PublicApi.updateProduct(req.actor!.userId, req.params.id ?? "", req.body));
