import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";

/** GET /api/public/creator/{creatorId}: the creator's public name for customer signup. */
export const publicCreatorQuery = (creatorId: string) =>
  queryOptions({
    queryKey: ["public-creator", creatorId],
    queryFn: () => apiFetch<{ name: string }>(`/api/public/creator/${encodeURIComponent(creatorId)}`),
    retry: false,
    staleTime: 5 * 60_000,
  });

export const usePublicCreator = (creatorId: string | null) =>
  useQuery({ ...publicCreatorQuery(creatorId ?? ""), enabled: Boolean(creatorId) });
