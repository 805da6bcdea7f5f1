import { User } from "@payloft/core/user/index";
import { api } from "../http/api";
import { parse } from "../http/request";

/** POST /api/profile/role {role}: choose to sell (creator) or to buy (customer); never admin. */
export const handler = api(async (req) => User.setRole(req.actor!.userId, parse(User.RoleInput, req.body)));
