import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";

/**
 * GET /api/public/stats: the platform's own figures, rounded down, null (or a currency left
 * out) below the threshold the server applies. Cached for minutes by the CDN, so one fetch per
 * visit is plenty.
 */
export interface PublicStats {
  products_sold: number | null;
  creators: number | null;
  /** Minor units per currency. */
  revenue_by_currency: Partial<Record<string, number>>;
}

export const publicStatsQuery = () =>
  queryOptions({
    queryKey: ["public-stats"],
    queryFn: () => apiFetch<PublicStats>("/api/public/stats"),
    staleTime: 5 * 60_000,
  });

export const usePublicStats = () => useQuery(publicStatsQuery());
