import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { webhookEndpointsQuery, type WebhookEndpoint } from "./webhookEndpoints";

/** POST /api/webhook-endpoints {url, events}: the one answer that carries the signing secret. */
export function useCreateWebhookEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { url: string; events: string[] }) =>
      apiFetch<WebhookEndpoint & { secret: string }>("/api/webhook-endpoints", { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookEndpointsQuery().queryKey }),
  });
}
