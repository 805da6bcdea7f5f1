import { isAdmin, type Actor } from "@payloft/core/actor/index";
import { ApiKey } from "@payloft/core/api-key/index";
import { ForbiddenError, UnauthorizedError } from "@payloft/core/errors";
import { requireFeature } from "@payloft/core/plan/gate";
import { RateLimit } from "@payloft/core/rate-limit/index";
import { DEACTIVATED_MESSAGE } from "@payloft/core/user/read";
import { toActor } from "../auth/session";
import { api, type Handler } from "./api";
import type { ApiRequest } from "./request";

export const MISSING_KEY = "Send your API key in the Authorization header: 'Authorization: Bearer <key>'.";
export const INVALID_KEY = "This API key is not valid: it may have been revoked. Create a key in Settings → API.";

/**
 * The caller of a public API route (access `apikey`): the owner of the Bearer key, who must
 * still be an active creator (or admin) on a plan with the public API. Cookies play no part,
 * so a browser session can never be used to call these routes from another site.
 */
export async function resolveApiKey(req: ApiRequest): Promise<Actor> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "")?.[1];
  if (!bearer) throw new UnauthorizedError(MISSING_KEY, "auth.api_key_missing");
  const found = await ApiKey.authenticate(bearer);
  if (!found) throw new UnauthorizedError(INVALID_KEY, "auth.api_key_invalid");
  const { limit, windowSeconds, bucket } = ApiKey.RATE_LIMIT;
  await RateLimit.hit(bucket, found.key.id, limit, windowSeconds);
  const { user } = found;
  if (user.deactivated) throw new ForbiddenError(DEACTIVATED_MESSAGE, "user.deactivated");
  const actor = toActor(user);
  if (actor.role !== "creator" && !isAdmin(actor)) throw new ForbiddenError();
  requireFeature(user, "public_api");
  return actor;
}

/** The wrapper of an `apikey` route: api() with the Bearer key as the way to find the caller. */
export const keyApi = (fn: Handler) => api(fn, { resolveApiKey });
