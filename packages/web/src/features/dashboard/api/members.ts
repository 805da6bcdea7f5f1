import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { MembershipInfo } from "@payloft/core/membership/shape";
import { apiFetch } from "@/lib/api";
import { dashboardKeys } from "@/lib/stats";

/** GET /api/memberships?status=&tier=&cursor=: the creator's members, newest first, in pages. */
export type Member = MembershipInfo;
interface Page {
  memberships: Member[];
  nextCursor: string | null;
}
export interface MemberFilter {
  status: string;
  tier: string;
}

const membersKey = [...dashboardKeys.all, "members"] as const;

export const membersQuery = (filter: MemberFilter) =>
  infiniteQueryOptions({
    queryKey: [...membersKey, filter],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams({ limit: "25" });
      if (filter.status) q.set("status", filter.status);
      if (filter.tier) q.set("tier", filter.tier);
      if (pageParam) q.set("cursor", pageParam);
      return apiFetch<Page>(`/api/memberships?${q}`);
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useMembers = (filter: MemberFilter) => useInfiniteQuery(membersQuery(filter));

/** POST /api/memberships/{id}/cancel {at_period_end} -> {membership}. */
export function useCancelMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, atPeriodEnd }: { id: string; atPeriodEnd: boolean }) =>
      (
        await apiFetch<{ membership: Member }>(`/api/memberships/${encodeURIComponent(id)}/cancel`, {
          method: "POST",
          body: { at_period_end: atPeriodEnd },
        })
      ).membership,
    onSuccess: () => client.invalidateQueries({ queryKey: membersKey }),
  });
}
