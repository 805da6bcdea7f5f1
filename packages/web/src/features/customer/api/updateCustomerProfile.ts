import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { profileQuery } from "@/lib/profile";

/** PUT /api/customer/profile {name}: the customer's display name (sent trimmed). */
export function useUpdateCustomerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiFetch<{ profile: { name: string } }>("/api/customer/profile", { method: "PUT", body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery().queryKey }),
  });
}
