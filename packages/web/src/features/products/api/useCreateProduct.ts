import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { invalidateProductViews } from "./invalidate";
import type { NewProduct, Product } from "./types";

/** POST /api/products. A plan-limit refusal is a 403 whose body carries {error, limit}. */
export function useCreateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewProduct) => apiFetch<Product>("/api/products", { method: "POST", body: input }),
    onSuccess: () => invalidateProductViews(client),
  });
}
