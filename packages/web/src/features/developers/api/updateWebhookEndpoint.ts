import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { webhookEndpointsQuery, type WebhookEndpoint } from "./webhookEndpoints";

/** PUT /api/webhook-endpoints/{id} {url?, events?, is_active?}. */
export function useUpdateWebhookEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: { id: string; url?: string; events?: string[]; is_active?: boolean }) =>
      apiFetch<WebhookEndpoint>(`/api/webhook-endpoints/${encodeURIComponent(id)}`, { method: "PUT", body: patch }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookEndpointsQuery().queryKey }),
  });
}
