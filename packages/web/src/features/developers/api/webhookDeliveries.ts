import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { WebhookEndpoints } from "@payloft/core/outgoing-webhook/index";
import { apiFetch } from "@/lib/api";

/** GET /api/webhook-endpoints/{id}/deliveries?cursor=: each event sent, with every attempt. */
export type WebhookDelivery = WebhookEndpoints.Delivery;

interface Page {
  deliveries: WebhookDelivery[];
  nextCursor: string | null;
}

export const webhookDeliveriesQuery = (endpointId: string) =>
  infiniteQueryOptions({
    queryKey: ["webhook-endpoints", endpointId, "deliveries"],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiFetch<Page>(
        `/api/webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries?limit=10${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Polls every few seconds while a delivery is still being tried. */
export const useWebhookDeliveries = (endpointId: string) =>
  useInfiniteQuery({
    ...webhookDeliveriesQuery(endpointId),
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.deliveries.some((d) => d.status === "pending")) ? 2000 : false,
  });
