import { PublicApi } from "@payloft/core/public-api/index";
import { keyApi } from "../http/api-key";

/** GET /api/v1/sales?limit=&cursor=: the key owner's sales, newest first. */
export const handler = keyApi(async (req) => PublicApi.sales(req.actor!.userId, req.query));
