import { WebhookEndpoints } from "@payloft/core/outgoing-webhook/index";
import { api } from "../http/api";

/** GET /api/webhook-endpoints: the caller's endpoints (never a secret). */
export const handler = api(async (req) => ({ endpoints: await WebhookEndpoints.list(req.actor!.userId) }));
