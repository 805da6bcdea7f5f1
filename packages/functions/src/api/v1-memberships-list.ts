import { PublicApi } from "@payloft/core/public-api/index";
import { keyApi } from "../http/api-key";

/** GET /api/v1/memberships?status=&tier=&limit=&cursor=: the key owner's members, newest first. */
export const handler = keyApi(async (req) => PublicApi.memberships(req.actor!.userId, req.query));
