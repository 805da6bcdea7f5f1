import { WebhookEndpoints } from "@payloft/core/outgoing-webhook/index";
import { api } from "../http/api";

/** POST /api/webhook-endpoints/{id}/deliveries/{deliveryId}/resend: send that event again. */
export const handler = api(async (req) =>
  WebhookEndpoints.resend(req.actor!.userId, req.params.id ?? "", req.params.deliveryId ?? ""),
);
