import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiFetch } from "@/lib/api";
import type { PublicProduct } from "./types";

/** GET /api/public/products/{id}; a 404 is final (no retry), it means "not found". */
export const publicProductQuery = (id: string) =>
  queryOptions({
    queryKey: ["public-product", id],
    queryFn: () => apiFetch<PublicProduct>(`/api/public/products/${encodeURIComponent(id)}`),
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });

export const usePublicProduct = (id: string) => useQuery(publicProductQuery(id));
