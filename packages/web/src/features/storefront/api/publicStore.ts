import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Store } from "@payloft/core/store/index";
import { ApiError, apiFetch } from "@/lib/api";

export type PublicStore = Store.PublicView;

/** GET /api/public/stores/{handle}; a 404 is final (no retry): the store does not exist. */
export const publicStoreQuery = (handle: string) =>
  queryOptions({
    queryKey: ["public-store", handle],
    queryFn: () => apiFetch<PublicStore>(`/api/public/stores/${encodeURIComponent(handle)}`),
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });

export const usePublicStore = (handle: string) => useQuery(publicStoreQuery(handle));
