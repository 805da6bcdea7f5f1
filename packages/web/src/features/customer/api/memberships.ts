import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MembershipInfo } from "@payloft/core/membership/shape";
import { apiFetch } from "@/lib/api";

/** GET /api/customer/memberships: the caller's memberships, newest first; amounts in minor units. */
export type Membership = MembershipInfo;

export const membershipsQuery = () =>
  queryOptions({
    queryKey: ["customer", "memberships"],
    queryFn: async () => (await apiFetch<{ memberships: Membership[] }>("/api/customer/memberships")).memberships,
  });

export const useMemberships = (enabled = true) => useQuery({ ...membershipsQuery(), enabled });

/** POST /api/customer/memberships/{id}/cancel (at the period's end) or /resume -> {membership}. */
export function useMembershipAction(action: "cancel" | "resume") {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await apiFetch<{ membership: Membership }>(`/api/customer/memberships/${encodeURIComponent(id)}/${action}`, {
          method: "POST",
        })
      ).membership,
    onSuccess: (after) => {
      client.setQueryData(membershipsQuery().queryKey, (list) => list?.map((m) => (m.id === after.id ? after : m)));
      return client.invalidateQueries({ queryKey: membershipsQuery().queryKey });
    },
  });
}
