import { User } from "@payloft/core/user/index";
import { api } from "../http/api";
import { clearSessionCookies } from "../auth/session";

/**
 * POST /api/logout: ends the session on the server (all of the person's sessions) and here.
 * POST only, so the wrapper's Origin check refuses another site's attempt (rule: Logout is a POST).
 */
export const handler = api(async (req) => {
  if (req.actor) await User.revokeSessions(req.actor.userId);
  req.setCookies.length = 0;
  req.setCookies.push(...clearSessionCookies());
  return { ok: true };
});
