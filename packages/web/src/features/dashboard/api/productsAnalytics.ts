import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Analytics } from "@payloft/core/analytics/index";
import { apiFetch } from "@/lib/api";
import { dashboardKeys } from "@/lib/stats";

/** GET /api/dashboard/products-analytics: per-product views, sales, revenue (cents), conversion. */
export type ProductFigures = Analytics.ProductFigures;

export const productsAnalyticsQuery = () =>
  queryOptions({
    queryKey: [...dashboardKeys.all, "products-analytics"],
    queryFn: async () => (await apiFetch<{ products: ProductFigures[] }>("/api/dashboard/products-analytics")).products,
  });

export const useProductsAnalytics = () => useQuery(productsAnalyticsQuery());
