import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import type { PaymentIntegration } from "./types";

/** GET /api/payment-integration: the caller's integration (masked), or null when none. */
export const paymentIntegrationQuery = () =>
  queryOptions({
    queryKey: ["payment-integration"],
    queryFn: () => apiFetch<PaymentIntegration | null>("/api/payment-integration"),
  });

export const usePaymentIntegration = () => useQuery(paymentIntegrationQuery());
