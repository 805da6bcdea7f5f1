import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { webhookEndpointsQuery } from "./webhookEndpoints";

/** DELETE /api/webhook-endpoints/{id}. */
export function useDeleteWebhookEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/webhook-endpoints/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookEndpointsQuery().queryKey }),
  });
}
