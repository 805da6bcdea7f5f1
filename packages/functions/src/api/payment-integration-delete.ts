import { Integration } from "@payloft/core/integration/index";
import { api } from "../http/api";

export const handler = api(async (req) => {
  await Integration.remove(req.actor!.userId);
  return { ok: true };
});
