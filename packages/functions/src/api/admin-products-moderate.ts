import { Moderation } from "@payloft/core/moderation/index";
import { api } from "../http/api";

export const handler = api(async (req) => ({
  product: await Moderation.moderate(req.actor!.userId, req.params.id ?? "", req.body),
}));
