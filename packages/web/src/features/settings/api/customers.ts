import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { Sales } from "@payloft/core/sales/index";
import { apiFetch } from "@/lib/api";
import { dashboardKeys } from "@/lib/stats";

/** GET /api/customers?cursor=&limit=: the creator's customers; totals in cents. */
export type Customer = Sales.Customer;

interface Page {
  customers: Customer[];
  nextCursor: string | null;
}

export const customersQuery = (limit = 25) =>
  infiniteQueryOptions({
    queryKey: [...dashboardKeys.all, "customers", limit],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiFetch<Page>(`/api/customers?limit=${limit}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useCustomers = (limit?: number) => useInfiniteQuery(customersQuery(limit));
