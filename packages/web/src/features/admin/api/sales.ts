import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { adminKeys, fetchPage } from "./paged";
import type { AdminSale } from "./types";

/** GET /api/admin/sales?status=&cursor=: every sale on the platform, newest first. */
export const adminSalesQuery = (status: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.sales(status),
    queryFn: ({ pageParam }) =>
      fetchPage<{ sales: AdminSale[]; nextCursor: string | null }>("/api/admin/sales", {
        status: status === "all" ? null : status,
        cursor: pageParam,
        limit: "25",
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useAdminSales = (status: string) => useInfiniteQuery(adminSalesQuery(status));
