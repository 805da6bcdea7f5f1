import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/** GET /api/profile: the fields the plan screens read. Same ["profile"] key as the rest of the app. */
export interface PlanProfile {
  name: string | null;
  plan: string | null;
  role: "admin" | "creator" | "customer" | null;
  is_admin: boolean;
  onboarding_completed: boolean;
  total_products?: number;
}

export const planProfileQuery = () =>
  queryOptions({ queryKey: ["profile"], queryFn: () => apiFetch<PlanProfile>("/api/profile"), staleTime: 30_000, retry: false });
