import { PublicApi } from "@payloft/core/public-api/index";
import { keyApi } from "../http/api-key";

/** DELETE /api/v1/products/{id}: deletes it; its sales keep their own records. */
export const handler = keyApi(async (req) => PublicApi.deleteProduct(req.actor!.userId, req.params.id ?? ""));
