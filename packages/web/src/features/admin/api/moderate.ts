import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { adminKeys } from "./paged";
import type { AdminProduct, ModerationStatus } from "./types";

/** PUT /api/admin/products/{id}/moderate {status, notes}. */
export function useModerateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, notes }: { id: string; status: ModerationStatus; notes: string }) =>
      apiFetch<{ product: AdminProduct }>(`/api/admin/products/${encodeURIComponent(id)}/moderate`, {
        method: "PUT",
        body: { status, notes },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.allProducts() }),
  });
}
