import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { profileQuery, type Profile } from "@/lib/profile";

/** POST /api/profile/role {role}: choose to sell (creator) or to buy (customer). */
export function useSetRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (role: "creator" | "customer") =>
      apiFetch<Profile>("/api/profile/role", { method: "POST", body: { role } }),
    onSuccess: (profile) => client.setQueryData(profileQuery().queryKey, profile),
    onSettled: () => client.invalidateQueries({ queryKey: profileQuery().queryKey }),
  });
}
