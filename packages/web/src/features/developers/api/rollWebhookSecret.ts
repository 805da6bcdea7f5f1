import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { webhookEndpointsQuery, type WebhookEndpoint } from "./webhookEndpoints";

/** POST /api/webhook-endpoints/{id}/roll-secret: a new signing secret, answered this once. */
export function useRollWebhookSecret(endpointId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<WebhookEndpoint & { secret: string }>(
        `/api/webhook-endpoints/${encodeURIComponent(endpointId)}/roll-secret`,
        { method: "POST" },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookEndpointsQuery().queryKey }),
  });
}
