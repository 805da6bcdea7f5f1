import { queryOptions, useQuery } from "@tanstack/react-query";
import type { WebhookEndpoints } from "@payloft/core/outgoing-webhook/index";
import { apiFetch } from "@/lib/api";

/** GET /api/webhook-endpoints: the creator's endpoints (never a secret). */
export type WebhookEndpoint = WebhookEndpoints.Info;

export const webhookEndpointsQuery = () =>
  queryOptions({
    queryKey: ["webhook-endpoints"],
    queryFn: async () => (await apiFetch<{ endpoints: WebhookEndpoint[] }>("/api/webhook-endpoints")).endpoints,
  });

export const useWebhookEndpoints = () => useQuery(webhookEndpointsQuery());
