import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { paymentIntegrationQuery } from "./usePaymentIntegration";

/** DELETE /api/payment-integration: checkout stops for all the seller's products. */
export function useDeletePaymentIntegration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ ok: true }>("/api/payment-integration", { method: "DELETE" }),
    onSuccess: () => {
      client.setQueryData(paymentIntegrationQuery().queryKey, null);
      return client.invalidateQueries({ queryKey: paymentIntegrationQuery().queryKey });
    },
  });
}
