import { WebhookEndpoints } from "@payloft/core/outgoing-webhook/index";
import { api } from "../http/api";

/** PUT /api/webhook-endpoints/{id} {url?, events?, is_active?}. */
export const handler = api(async (req) => WebhookEndpoints.update(req.actor!.userId, req.params.id ?? "", req.body));
