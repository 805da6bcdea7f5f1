import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import type { PaymentProvider } from "./types";

/** GET /api/public/payment-info/{id}: which buy button the page can offer. */
export const paymentInfoQuery = (id: string) =>
  queryOptions({
    queryKey: ["payment-info", id],
    queryFn: () => apiFetch<{ provider: PaymentProvider }>(`/api/public/payment-info/${encodeURIComponent(id)}`),
  });

export const usePaymentInfo = (id: string) => useQuery(paymentInfoQuery(id));
