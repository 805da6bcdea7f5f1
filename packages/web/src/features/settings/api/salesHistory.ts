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

export const salesHistoryQuery = (limit = 25) =>
  infiniteQueryOptions({
    queryKey: [...dashboardKeys.all, "sales-history", limit],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiFetch<Page>(`/api/sales-history?limit=${limit}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useSalesHistory = (limit?: number) => useInfiniteQuery(salesHistoryQuery(limit));
