import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Affiliate } from "@payloft/core/affiliate/index";
import type { AffiliateFigures } from "@payloft/core/affiliate/figures";
import type { AffiliateSettings } from "@payloft/core/affiliate/settings";
import type { DueRow } from "@payloft/core/affiliate/payouts";
import { apiFetch } from "@/lib/api";

/** One of the creator's affiliates (or open invitations) with their figures (minor units per currency). */
export type CreatorAffiliate = Affiliate.Info & AffiliateFigures;

export interface InviteForm {
  email: string;
  commission_percent: number;
  /** null: every product the creator sells. */
  product_ids: string[] | null;
}

const keys = { all: ["affiliates"] as const };

/** GET /api/affiliates. */
export const affiliatesQuery = () =>
  queryOptions({
    queryKey: [...keys.all, "list"],
    queryFn: async () => (await apiFetch<{ affiliates: CreatorAffiliate[] }>("/api/affiliates")).affiliates,
  });
export const useAffiliates = (enabled = true) => useQuery({ ...affiliatesQuery(), enabled });

/** GET /api/affiliates/settings: the attribution window. */
export const useAffiliateSettings = (enabled = true) =>
  useQuery({
    queryKey: [...keys.all, "settings"],
    queryFn: () => apiFetch<{ settings: AffiliateSettings }>("/api/affiliates/settings").then((r) => r.settings),
    enabled,
  });

/** Every change to an affiliate moves the list, the settings and what is due: refetch them all. */
function useAffiliateMutation<V>(call: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: keys.all }) });
}

/** POST /api/affiliates: sends the invitation e-mail. */
export const useInviteAffiliate = () =>
  useAffiliateMutation((body: InviteForm) => apiFetch("/api/affiliates", { method: "POST", body }));

/** PUT /api/affiliates/{id}: pause or resume (status), or change the rate or products. */
export const useUpdateAffiliate = () =>
  useAffiliateMutation(({ id, ...body }: Partial<InviteForm> & { id: string; status?: "active" | "paused" }) =>
    apiFetch(`/api/affiliates/${encodeURIComponent(id)}`, { method: "PUT", body }),
  );

/** DELETE /api/affiliates/{id}: ends attribution, keeps the history (and what is still due). */
export const useRemoveAffiliate = () =>
  useAffiliateMutation((id: string) => apiFetch(`/api/affiliates/${encodeURIComponent(id)}`, { method: "DELETE" }));

/** PUT /api/affiliates/settings. */
export const useSaveAffiliateSettings = () =>
  useAffiliateMutation((body: AffiliateSettings) => apiFetch("/api/affiliates/settings", { method: "PUT", body }));

/** POST /api/affiliates/{id}/payouts: "Mark as paid" (never more than is due: the server checks). */
export const useRecordPayout = () =>
  useAffiliateMutation(({ id, ...body }: { id: string; amount: number; currency: string; note?: string }) =>
    apiFetch(`/api/affiliates/${encodeURIComponent(id)}/payouts`, { method: "POST", body }),
  );

/** The PayPal Payouts bulk file; same-origin, so the session cookie goes with a plain download link. */
export const DUE_CSV_URL = "/api/affiliates/payouts/due.csv";

/** GET /api/affiliates/payouts/due: per affiliate, the unpaid balance in each currency. */
export const usePayoutsDue = () =>
  useQuery({
    queryKey: [...keys.all, "due"],
    queryFn: async () => (await apiFetch<{ due: DueRow[] }>("/api/affiliates/payouts/due")).due,
  });
