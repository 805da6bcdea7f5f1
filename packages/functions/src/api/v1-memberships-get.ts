import { PublicApi } from "@payloft/core/public-api/index";
import { keyApi } from "../http/api-key";

/** GET /api/v1/memberships/{id}: one of the key owner's members (404 for anyone else's). */
export const handler = keyApi(async (req) => PublicApi.membership(req.actor!.userId, req.params.id ?? ""));
