import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { dashboardKeys } from "@/lib/stats";

/** GET /api/dashboard/chart-data: the last 30 days, zero-filled; revenue per currency (`revenue` is USD only). */
export interface ChartPoint {
  date: string;
  /** every sale of the day, whatever its currency */
  sales: number;
  /** the day's sales per currency, e.g. {usd: 3, eur: 1} */
  sales_by_currency?: Partial<Record<string, number>>;
  revenue: number;
  /** minor units per currency, e.g. {usd: 5000, eur: 950} */
  revenue_by_currency?: Partial<Record<string, number>>;
}

export const chartDataQuery = () =>
  queryOptions({
    queryKey: [...dashboardKeys.all, "chart-data"],
    queryFn: async () => (await apiFetch<{ chartData: ChartPoint[] }>("/api/dashboard/chart-data")).chartData,
  });

export const useChartData = (enabled = true) => useQuery({ ...chartDataQuery(), enabled });
