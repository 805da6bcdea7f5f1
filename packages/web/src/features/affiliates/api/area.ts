import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AffiliateArea } from "@payloft/core/affiliate/mine";
import type { AffiliateInvitations } from "@payloft/core/affiliate/invitations";
import { apiFetch } from "@/lib/api";

/** The affiliate's own side (any signed-in role): invitations to answer and the creators they promote. */
export type Program = AffiliateArea.Program;
export type Invitation = AffiliateInvitations.Invitation;

const keys = { all: ["affiliate-area"] as const };

/** GET /api/affiliate/invitations. */
export const useInvitations = (enabled: boolean) =>
  useQuery({
    queryKey: [...keys.all, "invitations"],
    queryFn: async () => (await apiFetch<{ invitations: Invitation[] }>("/api/affiliate/invitations")).invitations,
    enabled,
  });

/** GET /api/affiliate/programs. */
export const usePrograms = (enabled: boolean) =>
  useQuery({
    queryKey: [...keys.all, "programs"],
    queryFn: async () => (await apiFetch<{ programs: Program[] }>("/api/affiliate/programs")).programs,
    enabled,
  });

function useAreaMutation<V>(call: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: keys.all }) });
}

/** POST /api/affiliate/invitations/{id}/accept | decline. */
export const useAnswerInvitation = () =>
  useAreaMutation(({ id, answer }: { id: string; answer: "accept" | "decline" }) =>
    apiFetch(`/api/affiliate/invitations/${encodeURIComponent(id)}/${answer}`, { method: "POST" }),
  );

/** PUT /api/affiliate/payout-details {paypal_email}: where every creator sends this person's money. */
export const useSavePayoutDetails = () =>
  useAreaMutation((body: { paypal_email: string }) =>
    apiFetch("/api/affiliate/payout-details", { method: "PUT", body }),
  );
