import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiKey } from "@payloft/core/api-key/index";
import { apiFetch } from "@/lib/api";

/** GET /api/api-keys: the creator's keys (name, prefix, last used; never the key itself). */
export type ApiKeyInfo = ApiKey.Info;

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: ["api-keys"],
    queryFn: async () => (await apiFetch<{ keys: ApiKeyInfo[] }>("/api/api-keys")).keys,
  });

export const useApiKeys = () => useQuery(apiKeysQuery());
