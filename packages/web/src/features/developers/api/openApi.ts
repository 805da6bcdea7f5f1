import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import type { OpenApiDocument } from "@/features/developers/lib/openapi";

/** GET /api/v1/openapi.json: the public API's document, rendered by /docs/api. */
export const openApiQuery = () =>
  queryOptions({
    queryKey: ["openapi"],
    queryFn: () => apiFetch<OpenApiDocument>("/api/v1/openapi.json"),
    staleTime: 5 * 60_000,
  });

export const useOpenApi = () => useQuery(openApiQuery());
