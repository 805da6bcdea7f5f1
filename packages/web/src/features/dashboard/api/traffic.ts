import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Traffic } from "@payloft/core/traffic/index";
import { ApiError, apiFetch } from "@/lib/api";
import { dashboardKeys } from "@/lib/stats";

export type TrafficReport = Traffic.Report;
export type TrafficRange = Traffic.Range;

/** GET /api/dashboard/traffic?days=: 403 {error, upgrade} below Pro (no retry: the plan decides). */
export const trafficQuery = (days: TrafficRange) =>
  queryOptions({
    queryKey: [...dashboardKeys.all, "traffic", days],
    queryFn: () => apiFetch<TrafficReport>(`/api/dashboard/traffic?days=${days}`),
    retry: (count, err) => !(err instanceof ApiError && err.status === 403) && count < 1,
  });

export const useTraffic = (days: TrafficRange) => useQuery(trafficQuery(days));
