import { isAdmin } from "@payloft/core/actor/index";
import { ForbiddenError, UnavailableError } from "@payloft/core/errors";
import { DEACTIVATED_MESSAGE } from "@payloft/core/user/read";
import { sessionUser } from "../auth/session";
import { recentValue } from "@payloft/core/setting/recent";
import type { RouteDef } from "../routes";
import type { ApiRequest } from "./request";

/**
 * Platform-wide gates that apply after the caller is known (maintenance mode, rule: Maintenance mode;
 * deactivated accounts, rule: Deactivation). Filled in by the issues that own those settings.
 */
export async function guardPlatform(route: RouteDef, req: ApiRequest): Promise<void> {
  guardDeactivated(route, req);
  await guardMaintenance(route, req);
}

// ── deactivated accounts (rule: Deactivation) ──

/**
 * A deactivated person may not use any signed-in call; logout stays open so they can clear
 * their cookies. Public (anonymous) pages keep working for them as for any visitor, except the
 * session read itself (anonymous only so that visitors get `{user: null}`): it must keep
 * telling a deactivated person why they are refused.
 */
const SESSION_READ = "/api/users/me";

function guardDeactivated(route: RouteDef, req: ApiRequest) {
  if ((route.access === "anonymous" && route.path !== SESSION_READ) || route.path === "/api/logout") return;
  if (sessionUser(req)?.deactivated) throw new ForbiddenError(DEACTIVATED_MESSAGE, "user.deactivated");
}

// ── maintenance mode (rule: Maintenance mode) ──

export const MAINTENANCE_MESSAGE = "Payloft is down for maintenance. Please try again soon.";

/**
 * Sign-in and session calls keep working during maintenance, so an admin can still sign in
 * and the web app can tell who is signed in (it shows non-admins the maintenance notice).
 * They are exempt here rather than `system`, which would also drop their Origin check.
 */
const MAINTENANCE_EXEMPT = new Set([SESSION_READ, "/api/oauth/google/redirect_url", "/api/sessions", "/api/logout"]);

/** How long an instance keeps the maintenance setting it read (every request checks it). */
const MAINTENANCE_READ_EVERY_MS = 5_000;

async function guardMaintenance(route: RouteDef, req: ApiRequest) {
  if (route.system || MAINTENANCE_EXEMPT.has(route.path)) return;
  if (req.actor && isAdmin(req.actor)) return;
  if ((await recentValue("maintenance_mode", MAINTENANCE_READ_EVERY_MS)) === "true")
    throw new UnavailableError(MAINTENANCE_MESSAGE, "platform.maintenance");
}
