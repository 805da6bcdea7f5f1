import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { purchasesQuery, type Purchase } from "./purchases";

/** POST /api/customer/track-access {purchase_id, access_type:'view'}: records one opening. */
export function useTrackAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (purchaseId: string) =>
      apiFetch<{ success: boolean; purchase: Purchase }>("/api/customer/track-access", {
        method: "POST",
        body: { purchase_id: purchaseId, access_type: "view" },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchasesQuery().queryKey }),
  });
}
