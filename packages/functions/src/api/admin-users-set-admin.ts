import { AdminUsers } from "@payloft/core/admin/users";
import { api } from "../http/api";

export const handler = api(async (req) => ({
  user: await AdminUsers.setAdmin(req.actor!.userId, req.params.id ?? "", req.body),
}));
