import { ApiKey } from "@payloft/core/api-key/index";
import { api } from "../http/api";

/** GET /api/api-keys: the caller's keys (name, prefix, last used), never a key itself. */
export const handler = api(async (req) => ({ keys: await ApiKey.list(req.actor!.userId) }));
