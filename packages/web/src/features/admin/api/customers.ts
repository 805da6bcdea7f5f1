import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { adminKeys, fetchPage } from "./paged";
import type { AdminCustomer } from "./types";

/** GET /api/admin/customers?q=&cursor=: buyers across the platform; q is an e-mail prefix. */
export const adminCustomersQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.customers(q),
    queryFn: ({ pageParam }) =>
      fetchPage<{ customers: AdminCustomer[]; nextCursor: string | null }>("/api/admin/customers", {
        q,
        cursor: pageParam,
        limit: "25",
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useAdminCustomers = (q: string) => useInfiniteQuery(adminCustomersQuery(q));
