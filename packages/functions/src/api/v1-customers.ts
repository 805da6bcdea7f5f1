import { PublicApi } from "@payloft/core/public-api/index";
import { api } from "../http/api";

/** GET /api/v1/customers?limit=&cursor=: the key owner's customers. */
export const handler = api(async (req) => PublicApi.customers(req.actor!.userId, req.query));
