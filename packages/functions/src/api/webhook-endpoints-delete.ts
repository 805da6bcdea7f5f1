import { WebhookEndpoints } from "@payloft/core/outgoing-webhook/index";
import { api } from "../http/api";

/** DELETE /api/webhook-endpoints/{id}. */
export const handler = api(async (req) => {
  await WebhookEndpoints.remove(req.actor!.userId, req.params.id ?? "");
  return { success: true };
});
