import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { invalidateProductViews } from "./invalidate";

/**
 * DELETE /api/products/{id}; the stats reload afterwards. `cancelMemberships` is the creator's
 * confirmation that a membership's members are canceled at their period's end (without it, a
 * product with members answers 409).
 */
export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, cancelMemberships }: { id: string; cancelMemberships?: boolean }) =>
      apiFetch<{ ok: true }>(
        `/api/products/${encodeURIComponent(id)}${cancelMemberships ? "?cancel_memberships=true" : ""}`,
        { method: "DELETE" },
      ),
    onSuccess: () => invalidateProductViews(client),
  });
}
