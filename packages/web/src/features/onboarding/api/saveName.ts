import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { profileQuery, type Profile } from "@/lib/profile";

/** POST /api/profile {name}: step 1 keeps the display name (the plan is never sent). */
export function useSaveName() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiFetch<Profile>("/api/profile", { method: "POST", body: { name } }),
    onSuccess: (profile) => client.setQueryData(profileQuery().queryKey, profile),
  });
}
