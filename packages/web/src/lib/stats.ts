import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Analytics } from "@payloft/core/analytics/index";
import { apiFetch } from "@/lib/api";

/** GET /api/dashboard/stats: the stats strip. Money in cents; productLimit null = unlimited. */
export type DashboardStats = Analytics.Stats;

export const dashboardKeys = { all: ["dashboard"] as const };

export const statsQuery = () =>
  queryOptions({
    queryKey: [...dashboardKeys.all, "stats"],
    queryFn: async () => (await apiFetch<{ stats: DashboardStats }>("/api/dashboard/stats")).stats,
  });

export const useDashboardStats = () => useQuery(statsQuery());
