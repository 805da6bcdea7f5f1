import { PublicApi } from "@payloft/core/public-api/index";
import { api } from "../http/api";

/** PATCH /api/v1/products/{id}: changes the sent fields, checked like a new product. */
export const handler = api(async (req) => PublicApi.updateProduct(req.actor!.userId, req.params.id ?? "", req.body));
