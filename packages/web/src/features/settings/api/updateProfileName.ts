import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { profileQuery, type Profile } from "@/lib/profile";

/** POST /api/profile {name, plan}: the seller's display name (Settings → Account). */
export function useUpdateProfileName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; plan: string | null }) =>
      apiFetch<Profile>("/api/profile", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery().queryKey }),
  });
}
