import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { authProfileQuery, type AuthProfile } from "./profile";

/** POST /api/profile/role {role}: choose to sell (creator) or to buy (customer). */
export function useSetRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (role: "creator" | "customer") => apiFetch<AuthProfile>("/api/profile/role", { method: "POST", body: { role } }),
    onSuccess: (profile) => client.setQueryData(authProfileQuery().queryKey, profile),
    onSettled: () => client.invalidateQueries({ queryKey: authProfileQuery().queryKey }),
  });
}
