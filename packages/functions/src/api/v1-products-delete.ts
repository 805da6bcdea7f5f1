import { PublicApi } from "@payloft/core/public-api/index";
import { api } from "../http/api";

/** DELETE /api/v1/products/{id}: deletes it; its sales keep their own records. */
export const handler = api(async (req) => PublicApi.deleteProduct(req.actor!.userId, req.params.id ?? ""));
