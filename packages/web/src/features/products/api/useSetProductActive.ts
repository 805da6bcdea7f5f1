import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { invalidateProductViews } from "./invalidate";
import type { Product } from "./types";

/** PUT /api/products/{id} {is_active}: Activate / Deactivate. */
export function useSetProductActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, is_active }: { id: string; is_active: boolean }) =>
      apiFetch<Product>(`/api/products/${encodeURIComponent(id)}`, { method: "PUT", body: { is_active } }),
    onSuccess: () => invalidateProductViews(client),
  });
}
