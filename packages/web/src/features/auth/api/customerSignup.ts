import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { profileQuery, type Profile } from "@/lib/profile";

/** POST /api/profile/customer {name, creator_user_id}: joins as a customer of a creator. */
export function useCustomerSignup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; creator_user_id: string }) =>
      apiFetch<Profile>("/api/profile/customer", { method: "POST", body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: profileQuery().queryKey }),
  });
}
