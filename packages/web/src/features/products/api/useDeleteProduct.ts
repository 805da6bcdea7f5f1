import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { invalidateProductViews } from "./invalidate";

/** DELETE /api/products/{id}; the stats reload afterwards. */
export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ ok: true }>(`/api/products/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => invalidateProductViews(client),
  });
}
