import { PublicApi } from "@payloft/core/public-api/index";
import { keyApi } from "../http/api-key";

/** GET /api/v1/customers?limit=&cursor=: the key owner's customers. */
export const handler = keyApi(async (req) => PublicApi.customers(req.actor!.userId, req.query));
