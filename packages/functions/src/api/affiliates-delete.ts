import { Affiliate } from "@payloft/core/affiliate/index";
import { api } from "../http/api";

/** DELETE /api/affiliates/{id}: attribution ends, history stays. */
export const handler = api(async (req) => {
  await Affiliate.remove(req.actor!.userId, req.params.id ?? "");
  return { ok: true };
});
