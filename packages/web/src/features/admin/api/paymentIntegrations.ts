import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { paymentIntegrationQuery } from "@/features/payment-setup";

/** GET /api/payment-integrations: the admin's own integrations (My Settings). */
export interface IntegrationSummary {
  id: string;
  provider: "stripe" | "paypal";
  is_live: boolean;
  is_active: boolean;
}

export const paymentIntegrationsQuery = () =>
  queryOptions({
    // Under the Payment Setup form's key, so saving or deleting there refreshes this list too.
    queryKey: [...paymentIntegrationQuery().queryKey, "list"],
    queryFn: async () =>
      (await apiFetch<{ integrations: IntegrationSummary[] }>("/api/payment-integrations")).integrations,
  });
export const usePaymentIntegrations = () => useQuery(paymentIntegrationsQuery());
