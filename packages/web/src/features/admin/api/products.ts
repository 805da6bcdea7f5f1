import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { adminKeys, fetchPage } from "./paged";
import type { AdminProduct, ModerationCounts } from "./types";

/** GET /api/admin/products?status=&cursor=: products for moderation with counts per status. */
export const adminProductsQuery = (status: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.products(status),
    queryFn: ({ pageParam }) =>
      fetchPage<{ products: AdminProduct[]; counts: ModerationCounts; nextCursor: string | null }>(
        "/api/admin/products",
        {
          status: status === "all" ? null : status,
          cursor: pageParam,
          limit: "25",
        },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useAdminProducts = (status: string) => useInfiniteQuery(adminProductsQuery(status));
