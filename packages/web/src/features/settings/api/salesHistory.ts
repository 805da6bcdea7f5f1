import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { Sales } from "@payloft/core/sales/index";
import { apiFetch } from "@/lib/api";
import { dashboardKeys } from "@/lib/stats";

/** GET /api/sales-history?cursor=&limit=: the creator's sales, newest first, in pages. */
export type Sale = Sales.Sale;

interface Page {
  sales: Sale[];
  nextCursor: string | null;
}

/** Every page size's Sales History: what a change to one sale invalidates. */
export const salesHistoryKeys = { all: [...dashboardKeys.all, "sales-history"] as const };

export const salesHistoryQuery = (limit = 25) =>
  infiniteQueryOptions({
    queryKey: [...salesHistoryKeys.all, limit],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiFetch<Page>(`/api/sales-history?limit=${limit}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useSalesHistory = (limit?: number) => useInfiniteQuery(salesHistoryQuery(limit));
