import { ApiKey } from "@payloft/core/api-key/index";
import { api } from "../http/api";

/** DELETE /api/api-keys/{id}: revokes the key; its next call is refused. */
export const handler = api(async (req) => {
  await ApiKey.revoke(req.actor!.userId, req.params.id ?? "");
  return { success: true };
});
