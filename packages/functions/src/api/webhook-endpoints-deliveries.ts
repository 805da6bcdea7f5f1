import { WebhookEndpoints } from "@payloft/core/outgoing-webhook/index";
import { api } from "../http/api";

/** GET /api/webhook-endpoints/{id}/deliveries?cursor=&limit=: each event sent, with every attempt. */
export const handler = api(async (req) =>
  WebhookEndpoints.deliveries(req.actor!.userId, req.params.id ?? "", req.query),
);
