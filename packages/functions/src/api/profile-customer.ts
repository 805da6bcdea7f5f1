import { User } from "@payloft/core/user/index";
import { api } from "../http/api";
import { parse } from "../http/request";

/** POST /api/profile/customer {name, creator_user_id}: customer signup from a creator's link. */
export const handler = api(async (req) =>
  User.becomeCustomer(req.actor!.userId, parse(User.CustomerSignupInput, req.body)),
);
