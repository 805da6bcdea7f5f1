import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";

/**
 * GET /api/public/status: the platform's public settings; the support e-mail is an admin
 * setting (System Settings → contact), so it is read from there, never hard-coded.
 */
interface PublicStatus {
  support_email: string;
  site_name?: string;
  maintenance_mode?: boolean;
}

export const supportContactQuery = () =>
  queryOptions({
    queryKey: ["public-status"],
    queryFn: () => apiFetch<PublicStatus>("/api/public/status"),
    staleTime: 5 * 60_000,
  });

export const useSupportEmail = () => useQuery({ ...supportContactQuery(), select: (s) => s.support_email });

/** Response time shown next to the support address. */
export const SUPPORT_RESPONSE_TIME = "Usually within 24 hours";
