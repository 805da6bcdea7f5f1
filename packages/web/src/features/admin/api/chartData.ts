import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { adminKeys } from "./paged";
import type { AdminChartPoint } from "./types";

/** GET /api/admin/chart-data: 30 zero-filled days of revenue, sales and new users. */
export const adminChartQuery = () =>
  queryOptions({
    queryKey: adminKeys.chart(),
    queryFn: async () => (await apiFetch<{ chartData: AdminChartPoint[] }>("/api/admin/chart-data")).chartData,
  });
export const useAdminChart = () => useQuery(adminChartQuery());
