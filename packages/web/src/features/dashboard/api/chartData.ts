import type { Analytics } from "@payloft/core/analytics/index";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { dashboardKeys } from "@/lib/stats";

/** GET /api/dashboard/chart-data: the last 30 days, zero-filled, each day's sales and revenue per currency. */
export type ChartPoint = Analytics.ChartPoint;

export const chartDataQuery = () =>
  queryOptions({
    queryKey: [...dashboardKeys.all, "chart-data"],
    queryFn: async () => (await apiFetch<{ chartData: ChartPoint[] }>("/api/dashboard/chart-data")).chartData,
  });

export const useChartData = (enabled = true) => useQuery({ ...chartDataQuery(), enabled });
