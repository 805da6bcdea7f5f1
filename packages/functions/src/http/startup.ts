import { settingProblems } from "@payloft/core/config/check";
import { UnavailableError } from "@payloft/core/errors";
import { logger } from "@payloft/core/log/index";
import { routeLinks } from "../links";
import { routeKey, type RouteDef } from "../routes";

/**
 * The startup check of a route's Lambda: on its first request, are the settings and secrets it
 * links there and well-formed? If not, every request answers 503 with a plain sentence and
 * the log says exactly what to set, instead of failing somewhere inside a handler.
 */
const checked = new Map<string, string[]>();

export const NOT_CONFIGURED = "Payloft is not set up completely yet. Please try again later.";

export function assertConfigured(route: RouteDef): void {
  const key = routeKey(route);
  let problems = checked.get(key);
  if (!problems) {
    problems = settingProblems(routeLinks(route));
    checked.set(key, problems);
    if (problems.length) logger.error("Payloft is not configured", { route: key, problems });
  }
  if (problems.length) throw new UnavailableError(NOT_CONFIGURED, "config.invalid");
}
