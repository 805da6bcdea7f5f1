import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { adminKeys, fetchPage } from "./paged";
import type { AdminUser } from "./types";

/** GET /api/admin/users?q=&cursor=: newest first, searchable by e-mail or name. */
export const adminUsersQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.users(q),
    queryFn: ({ pageParam }) =>
      fetchPage<{ users: AdminUser[]; nextCursor: string | null }>("/api/admin/users", {
        q,
        cursor: pageParam,
        limit: "25",
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useAdminUsers = (q: string) => useInfiniteQuery(adminUsersQuery(q));
