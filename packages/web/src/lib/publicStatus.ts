import { queryOptions, useQuery } from "@tanstack/react-query";
import type { publicStatus } from "@payloft/core/setting/public";
import { apiFetch } from "./api";

/**
 * GET /api/public/status (anonymous, answered even during maintenance): the platform's public
 * settings, the maintenance switch, the support e-mail (an admin setting, never hard-coded),
 * the site name and the landing page's testimonial (null while it is empty). The one query
 * for it: the maintenance notice, the landing page and the support address share its cache,
 * so saving a setting refreshes them all (publicStatusQuery().queryKey).
 */
export type PublicStatus = Awaited<ReturnType<typeof publicStatus>>;

export const publicStatusQuery = () =>
  queryOptions({
    queryKey: ["public-status"],
    queryFn: () => apiFetch<PublicStatus>("/api/public/status"),
    staleTime: 30_000,
  });

/** Polls once a minute so an open tab notices maintenance starting or ending. */
export const usePublicStatus = () => useQuery({ ...publicStatusQuery(), refetchInterval: 60_000 });

export const useSupportEmail = () => useQuery({ ...publicStatusQuery(), select: (s) => s.support_email });
