import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Discount } from "@payloft/core/discount/index";
import { apiFetch } from "@/lib/api";

export type DiscountCode = Discount.Info;

/** What the Discounts dialog sends (cents, rule: Cents and server prices); null clears a limit on update. */
export interface DiscountForm {
  code: string;
  percent_off?: number | null;
  amount_off?: number | null;
  /** An amount off's currency (lower-case ISO). */
  currency?: string;
  product_ids: string[];
  max_redemptions: number | null;
  expires_at: string | null;
  is_active?: boolean;
}

/** GET /api/discounts: the creator's codes, newest first. */
export const discountsQuery = () =>
  queryOptions({
    queryKey: ["discounts"],
    queryFn: async () => (await apiFetch<{ discounts: DiscountCode[] }>("/api/discounts")).discounts,
  });

export const useDiscounts = () => useQuery(discountsQuery());

function useDiscountMutation<V>(call: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: discountsQuery().queryKey }),
  });
}

/** POST /api/discounts; 409 {error} when the seller already has that code. */
export const useCreateDiscount = () =>
  useDiscountMutation((body: DiscountForm) => apiFetch("/api/discounts", { method: "POST", body }));

/** PUT /api/discounts/{id}: any subset of the fields. */
export const useUpdateDiscount = () =>
  useDiscountMutation(({ id, ...body }: Partial<DiscountForm> & { id: string }) =>
    apiFetch(`/api/discounts/${encodeURIComponent(id)}`, { method: "PUT", body }),
  );

/** DELETE /api/discounts/{id}. */
export const useDeleteDiscount = () =>
  useDiscountMutation((id: string) => apiFetch(`/api/discounts/${encodeURIComponent(id)}`, { method: "DELETE" }));
