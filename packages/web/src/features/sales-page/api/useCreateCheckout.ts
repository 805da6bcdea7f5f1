import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";

/** POST /api/checkout/create-session {productId} -> {url} of the seller's payment page. */
export function useCreateCheckout() {
  return useMutation({
    mutationFn: (productId: string) =>
      apiFetch<{ url?: string; error?: string }>("/api/checkout/create-session", {
        method: "POST",
        body: { productId },
      }),
  });
}
