import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { adminKeys } from "./paged";
import type { AdminStats } from "./types";

/** GET /api/admin/stats: platform counters (Overview cards, Plan Distribution). */
export const adminStatsQuery = () =>
  queryOptions({ queryKey: adminKeys.stats(), queryFn: () => apiFetch<AdminStats>("/api/admin/stats") });
export const useAdminStats = () => useQuery(adminStatsQuery());
