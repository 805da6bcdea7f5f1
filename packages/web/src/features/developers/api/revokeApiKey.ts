import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { apiKeysQuery } from "./apiKeys";

/** DELETE /api/api-keys/{id}: the key is refused from its next call on. */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/api-keys/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysQuery().queryKey }),
  });
}
