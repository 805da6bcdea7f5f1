import { User } from "@payloft/core/user/index";
import { api } from "../http/api";

/** GET /api/profile: the caller's profile. */
export const handler = api(async (req) => {
  const user = await User.fromID(req.actor!.userId);
  if (!user) throw User.notFound();
  return User.serialize(user);
});
