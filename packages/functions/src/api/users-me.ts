import { User } from "@payloft/core/user/index";
import { api } from "../http/api";
import { sessionUser } from "../auth/session";

/**
 * GET /api/users/me: the signed-in person's identity, or `{user: null}` for a visitor. Every
 * page asks at start-up, so a signed-out visitor gets a plain 200 rather than a 401 their
 * browser logs as an error. A forged, revoked or expired session is a visitor too (its
 * cookies are cleared); a deactivated person is still refused (http/guards.ts).
 */
export const handler = api(async (req) => {
  const user = sessionUser(req);
  return user ? User.serializeIdentity(user) : { user: null };
});
