import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { dashboardKeys } from "./stats";

/** GET /api/dashboard/products-analytics: per-product views, sales, revenue (cents), conversion. */
export interface ProductFigures {
  id: string;
  name: string;
  is_active: boolean;
  views: number;
  sales: number;
  revenue: number;
  conversionRate: number;
}

export const productsAnalyticsQuery = () =>
  queryOptions({
    queryKey: [...dashboardKeys.all, "products-analytics"],
    queryFn: async () => (await apiFetch<{ products: ProductFigures[] }>("/api/dashboard/products-analytics")).products,
  });

export const useProductsAnalytics = () => useQuery(productsAnalyticsQuery());
