import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { BuyerMembershipInfo, MembershipInfo, MembershipPlan } from "@payloft/core/membership/shape";
import { apiFetch } from "@/lib/api";

/**
 * GET /api/customer/memberships: the caller's memberships, newest first, each with its provider
 * and the product's plans today; amounts in minor units.
 */
export type Membership = BuyerMembershipInfo;
export type { MembershipPlan };

export const membershipsQuery = () =>
  queryOptions({
    queryKey: ["customer", "memberships"],
    queryFn: async () => (await apiFetch<{ memberships: Membership[] }>("/api/customer/memberships")).memberships,
  });

export const useMemberships = (enabled = true) => useQuery({ ...membershipsQuery(), enabled });

const path = (id: string, action: string) => `/api/customer/memberships/${encodeURIComponent(id)}/${action}`;

/** An action's answer is the membership without the list's extras: merged into the row it updates. */
function updated(client: QueryClient, after: MembershipInfo) {
  client.setQueryData(membershipsQuery().queryKey, (list) =>
    list?.map((m) => (m.id === after.id ? { ...m, ...after } : m)),
  );
  return client.invalidateQueries({ queryKey: membershipsQuery().queryKey });
}

/** POST /api/customer/memberships/{id}/cancel (at the period's end) or /resume -> {membership}. */
export function useMembershipAction(action: "cancel" | "resume") {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiFetch<{ membership: MembershipInfo }>(path(id, action), { method: "POST" })).membership,
    onSuccess: (after) => updated(client, after),
  });
}

/**
 * POST /api/customer/memberships/{id}/change {tier, interval}: on Stripe made and prorated at once
 * -> {membership}; on PayPal a revision the buyer approves on PayPal's page -> {url}.
 */
export type PlanChange = { membership: MembershipInfo } | { url: string };

export function useChangePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, tier, interval }: { id: string; tier: string; interval: MembershipPlan["interval"] }) =>
      apiFetch<PlanChange>(path(id, "change"), { method: "POST", body: { tier, interval } }),
    onSuccess: (answer) => ("membership" in answer ? updated(client, answer.membership) : undefined),
  });
}

/** POST /api/customer/memberships/{id}/payment-method -> {url}: the provider's page for the card. */
export const usePaymentMethod = () =>
  useMutation({
    mutationFn: async (id: string) =>
      (await apiFetch<{ url: string }>(path(id, "payment-method"), { method: "POST" })).url,
  });
