import { Roles } from "@payloft/core/user/role";
import { api } from "../http/api";
import { parse } from "../http/request";

/**
 * POST /api/profile/role {role, confirm?}: choose to sell (creator) or to buy (customer); never
 * admin. A seller with products or a plan answers 409 until the switch is confirmed.
 */
export const handler = api(async (req) => Roles.setRole(req.actor!.userId, parse(Roles.RoleInput, req.body)));
