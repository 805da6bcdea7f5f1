import { PublicApi } from "@payloft/core/public-api/index";
import { api } from "../http/api";

/** GET /api/v1/sales?limit=&cursor=: the key owner's sales, newest first. */
export const handler = api(async (req) => PublicApi.sales(req.actor!.userId, req.query));
