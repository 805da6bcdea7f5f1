import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { apiKeysQuery, type ApiKeyInfo } from "./apiKeys";

/** POST /api/api-keys {name}: the one answer that ever carries the key. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiFetch<ApiKeyInfo & { key: string }>("/api/api-keys", { method: "POST", body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysQuery().queryKey }),
  });
}
