import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { dashboardKeys } from "./stats";

/** GET /api/dashboard/chart-data: the last 30 days, zero-filled; revenue in cents. */
export interface ChartPoint {
  date: string;
  sales: number;
  revenue: number;
}

export const chartDataQuery = () =>
  queryOptions({
    queryKey: [...dashboardKeys.all, "chart-data"],
    queryFn: async () => (await apiFetch<{ chartData: ChartPoint[] }>("/api/dashboard/chart-data")).chartData,
  });

export const useChartData = (enabled = true) => useQuery({ ...chartDataQuery(), enabled });
