import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { salesHistoryKeys } from "./salesHistory";

/** PUT /api/sales/{id}/license-key {disabled}: the creator turns one sale's licence key off or back on. */
export interface LicenseKeyState {
  license_key: string;
  license_disabled: boolean;
}

export function useSetLicenseKeyDisabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ saleId, disabled }: { saleId: string; disabled: boolean }) =>
      apiFetch<LicenseKeyState>(`/api/sales/${encodeURIComponent(saleId)}/license-key`, {
        method: "PUT",
        body: { disabled },
      }),
    // The sale's row in Sales History shows the key's state.
    onSettled: () => client.invalidateQueries({ queryKey: salesHistoryKeys.all }),
  });
}
