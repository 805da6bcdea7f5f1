import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "./api";

/** GET /api/profile: the signed-in person's profile. */
export interface Profile {
  id: string;
  user_id?: string;
  name: string;
  email: string;
  plan: string | null;
  role: "admin" | "creator" | "customer" | null;
  is_admin: boolean;
  onboarding_completed: boolean;
  created_at: string;
  total_products?: number;
  billing_cycle?: "monthly" | "yearly" | null;
}

/**
 * The one profile query of the app. Every screen shares the ["profile"] key, so a rename,
 * a role choice or a plan change refreshes the sidebar, the gates and the plan screens at once.
 * No retries: a 404 means "no profile yet" and the gates route on it immediately.
 */
export const profileQuery = () =>
  queryOptions({
    queryKey: ["profile"],
    queryFn: () => apiFetch<Profile>("/api/profile"),
    staleTime: 30_000,
    retry: false,
  });

export const useProfile = (enabled = true) => useQuery({ ...profileQuery(), enabled });
