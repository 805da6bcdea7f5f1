import { UnauthorizedError } from "@payloft/core/errors";
import { User } from "@payloft/core/user/index";
import { api } from "../http/api";
import { sessionUser } from "../auth/session";

/** GET /api/users/me: the signed-in person's identity. */
export const handler = api(async (req) => {
  const user = sessionUser(req);
  if (!user) throw new UnauthorizedError();
  return User.serializeIdentity(user);
});
