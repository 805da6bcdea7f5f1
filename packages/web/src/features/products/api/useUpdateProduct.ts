import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { invalidateProductViews } from "./invalidate";
import type { NewProduct, Product } from "./types";

/**
 * PUT /api/products/{id} with the dialog's fields: an edit, checked like a new product. The
 * product's id, address and sales stay; a rejected product goes back to review.
 */
export function useUpdateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<NewProduct> }) =>
      apiFetch<Product>(`/api/products/${encodeURIComponent(id)}`, { method: "PUT", body }),
    onSuccess: () => invalidateProductViews(client),
  });
}
