import type { RouteDef } from "../routes";
import type { ApiRequest } from "./request";

/**
 * Platform-wide gates that apply after the caller is known (maintenance mode, DECISIONS 15;
 * deactivated accounts, DECISIONS 7). Filled in by the issues that own those settings.
 */
export async function guardPlatform(_route: RouteDef, _req: ApiRequest): Promise<void> {}
