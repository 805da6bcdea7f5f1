import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { adminKeys } from "./paged";

/** GET /api/payment-integrations: the admin's own integrations (My Settings). */
export interface IntegrationSummary { id: string; provider: "stripe" | "paypal"; is_live: boolean; is_active: boolean }

export const paymentIntegrationsQuery = () =>
  queryOptions({
    queryKey: adminKeys.integrations(),
    queryFn: async () => (await apiFetch<{ integrations: IntegrationSummary[] }>("/api/payment-integrations")).integrations,
  });
export const usePaymentIntegrations = () => useQuery(paymentIntegrationsQuery());
