import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";

/**
 * GET /api/public/status (anonymous, answered even during maintenance). Shares the
 * ["public-status"] key with the support-contact hook, so saving a setting refreshes both.
 */
export interface PublicStatus {
  maintenance_mode: boolean;
  support_email: string;
  site_name: string;
  /** The landing page's testimonial, an admin setting; null while it is empty (nothing is shown). */
  testimonial: { quote: string; author: string; role: string } | null;
}

export const publicStatusQuery = () =>
  queryOptions({
    queryKey: ["public-status"],
    queryFn: () => apiFetch<PublicStatus>("/api/public/status"),
    staleTime: 30_000,
  });

/** Polls once a minute so an open tab notices maintenance starting or ending. */
export const usePublicStatus = () => useQuery({ ...publicStatusQuery(), refetchInterval: 60_000 });
