import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/** GET /api/customer/purchases: the caller's own purchases, newest first; amounts in cents. */
export interface Purchase {
  id: string;
  product_id?: string;
  product_name: string;
  description: string;
  creator_name: string;
  amount: number;
  created_at: string;
  access_count: number;
  last_accessed_at: string | null;
  /** null once refunded: the content no longer opens. */
  content_url: string | null;
  status: "completed" | "refunded";
}

export const purchasesQuery = () =>
  queryOptions({
    queryKey: ["customer", "purchases"],
    queryFn: async () => (await apiFetch<{ purchases: Purchase[] }>("/api/customer/purchases")).purchases,
  });

export const usePurchases = (enabled = true) => useQuery({ ...purchasesQuery(), enabled });
