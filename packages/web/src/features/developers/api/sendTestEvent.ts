import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { webhookDeliveriesQuery } from "./webhookDeliveries";

/** POST /api/webhook-endpoints/{id}/test: a `webhook.test` event to this endpoint. */
export function useSendTestEvent(endpointId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<{ queued: true; event_id: string }>(`/api/webhook-endpoints/${encodeURIComponent(endpointId)}/test`, {
        method: "POST",
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookDeliveriesQuery(endpointId).queryKey }),
  });
}
