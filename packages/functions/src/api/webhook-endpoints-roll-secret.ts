import { WebhookEndpoints } from "@payloft/core/outgoing-webhook/index";
import { api } from "../http/api";

/** POST /api/webhook-endpoints/{id}/roll-secret: a new signing secret (shown once); the old one signs too for 24 hours. */
export const handler = api(async (req) => WebhookEndpoints.rollSecret(req.actor!.userId, req.params.id ?? ""));
