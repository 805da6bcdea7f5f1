import { AdminUsers } from "@payloft/core/admin/users";
import { api } from "../http/api";

export const handler = api(async (req) => {
  await AdminUsers.remove(req.actor!.userId, req.params.id ?? "");
  return { ok: true };
});
