import { AdminAccounts } from "@payloft/core/admin/accounts";
import { api } from "../http/api";

export const handler = api(async (req) => {
  await AdminAccounts.remove(req.actor!.userId, req.params.id ?? "");
  return { ok: true };
});
