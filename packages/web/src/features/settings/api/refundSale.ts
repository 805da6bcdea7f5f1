import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SaleRefund } from "@payloft/core/refund/index";
import { apiFetch } from "@/lib/api";
import { dashboardKeys } from "@/lib/stats";

/** POST /api/sales/{id}/refund: the creator refunds one of their sales in full at the provider. */
export type RefundResult = SaleRefund.Result;

export function useRefundSale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (saleId: string) =>
      apiFetch<RefundResult>(`/api/sales/${encodeURIComponent(saleId)}/refund`, { method: "POST" }),
    // The sale's status, the stats strip, charts and customers all move with a refund.
    onSettled: () => client.invalidateQueries({ queryKey: dashboardKeys.all }),
  });
}
