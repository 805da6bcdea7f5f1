import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { paymentIntegrationQuery } from "./usePaymentIntegration";
import type { PaymentIntegration } from "./types";

/** POST /api/payment-integration with the whole integration object. */
export function useSavePaymentIntegration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentIntegration) =>
      apiFetch<PaymentIntegration>("/api/payment-integration", { method: "POST", body: input }),
    onSuccess: (saved) => {
      client.setQueryData(paymentIntegrationQuery().queryKey, saved);
      return client.invalidateQueries({ queryKey: paymentIntegrationQuery().queryKey });
    },
  });
}
