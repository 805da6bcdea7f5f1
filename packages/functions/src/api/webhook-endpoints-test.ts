import { WebhookEndpoints } from "@payloft/core/outgoing-webhook/index";
import { api } from "../http/api";

/** POST /api/webhook-endpoints/{id}/test: a `webhook.test` event to this endpoint. */
export const handler = api(async (req) => WebhookEndpoints.sendTest(req.actor!.userId, req.params.id ?? ""));
