import { Roles } from "@payloft/core/user/role";
import { api } from "../http/api";
import { parse } from "../http/request";

/** POST /api/profile/customer {name, creator_user_id}: customer signup from a creator's link. */
export const handler = api(async (req) =>
  Roles.becomeCustomer(req.actor!.userId, parse(Roles.CustomerSignupInput, req.body)),
);
