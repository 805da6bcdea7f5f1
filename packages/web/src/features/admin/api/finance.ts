import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { adminKeys } from "./paged";
import type { Finance } from "./types";

/** GET /api/admin/finance: totals, commission at the commission_rate setting, 12 months. */
export const financeQuery = () =>
  queryOptions({ queryKey: adminKeys.finance(), queryFn: () => apiFetch<Finance>("/api/admin/finance") });
export const useFinance = () => useQuery(financeQuery());
