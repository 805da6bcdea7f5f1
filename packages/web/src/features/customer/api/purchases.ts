import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Sales } from "@payloft/core/sales/index";
import { apiFetch } from "@/lib/api";

/** GET /api/customer/purchases: the caller's own purchases, newest first; amounts in cents. */
export type Purchase = Sales.Purchase;

export const purchasesQuery = () =>
  queryOptions({
    queryKey: ["customer", "purchases"],
    queryFn: async () => (await apiFetch<{ purchases: Purchase[] }>("/api/customer/purchases")).purchases,
  });

export const usePurchases = (enabled = true) => useQuery({ ...purchasesQuery(), enabled });
