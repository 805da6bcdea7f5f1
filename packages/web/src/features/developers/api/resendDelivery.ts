import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { webhookDeliveriesQuery } from "./webhookDeliveries";

/** POST /api/webhook-endpoints/{id}/deliveries/{deliveryId}/resend. */
export function useResendDelivery(endpointId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiFetch(
        `/api/webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
        { method: "POST" },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookDeliveriesQuery(endpointId).queryKey }),
  });
}
