import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Showcase } from "@payloft/core/showcase/index";
import { apiFetch } from "@/lib/api";

/**
 * GET /api/public/stats: the platform's own figures, rounded down, null (or a currency left
 * out) below the threshold the server applies. Cached for minutes by the CDN, so one fetch per
 * visit is plenty.
 */
export type PublicStats = Showcase.Figures;

export const publicStatsQuery = () =>
  queryOptions({
    queryKey: ["public-stats"],
    queryFn: () => apiFetch<PublicStats>("/api/public/stats"),
    staleTime: 5 * 60_000,
  });

export const usePublicStats = () => useQuery(publicStatsQuery());
