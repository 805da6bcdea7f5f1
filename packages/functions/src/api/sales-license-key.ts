import { License } from "@payloft/core/license/index";
import { api } from "../http/api";
import { reply } from "../http/request";

/** PUT /api/sales/{id}/license-key {disabled}: the seller disables (or re-enables) a sale's licence key. */
export const handler = api(async (req) =>
  reply(200, await License.setDisabled(req.actor!.userId, req.params.id ?? "", req.body)),
);
