import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { adminKeys } from "./paged";
import type { AdminUser, PlanChoice } from "./types";

/** POST /api/admin/users/create (Grant Free Accounts). */
export interface GrantInput {
  email: string;
  plan: PlanChoice;
  is_admin: boolean;
}

export function useGrantAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GrantInput) =>
      apiFetch<{ user: AdminUser }>("/api/admin/users/create", {
        method: "POST",
        body: { ...input, onboarding_completed: true },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
