import { WebhookEndpoints } from "@payloft/core/outgoing-webhook/index";
import { api } from "../http/api";
import { reply } from "../http/request";

/** POST /api/webhook-endpoints {url, events} -> 201 {id, secret, ...}: the secret is shown this once. */
export const handler = api(async (req) => reply(201, await WebhookEndpoints.create(req.actor!.userId, req.body)));
