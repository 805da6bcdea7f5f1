import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { adminKeys } from "./paged";
import type { AdminUser, PlanChoice } from "./types";

/**
 * PUT /api/admin/users/{id}/plan | /admin | /deactivate | /reactivate and DELETE /api/admin/users/{id}.
 * Every change refreshes the whole admin area: counts, lists and charts all move together.
 */
export type UserAction =
  | { kind: "plan"; id: string; plan: PlanChoice }
  | { kind: "admin"; id: string; is_admin: boolean }
  | { kind: "deactivate" | "reactivate" | "delete"; id: string };

function run(a: UserAction): Promise<{ user?: AdminUser; ok?: true }> {
  const base = `/api/admin/users/${encodeURIComponent(a.id)}`;
  switch (a.kind) {
    case "plan":
      return apiFetch<{ user: AdminUser }>(`${base}/plan`, { method: "PUT", body: { plan: a.plan } });
    case "admin":
      return apiFetch<{ user: AdminUser }>(`${base}/admin`, { method: "PUT", body: { is_admin: a.is_admin } });
    case "deactivate":
      return apiFetch<{ user: AdminUser }>(`${base}/deactivate`, { method: "PUT" });
    case "reactivate":
      return apiFetch<{ user: AdminUser }>(`${base}/reactivate`, { method: "PUT" });
    case "delete":
      return apiFetch<{ ok: true }>(base, { method: "DELETE" });
  }
}

export function useUserAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
