import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/** GET /api/profile (spec part 2 §7): the signed-in person's profile. */
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
}

/** Shares the ["profile"] key with the rest of the app so a rename refreshes every screen. */
export const profileQuery = () =>
  queryOptions({ queryKey: ["profile"], queryFn: () => apiFetch<Profile>("/api/profile"), staleTime: 30_000, retry: false });

export const useProfile = (enabled = true) => useQuery({ ...profileQuery(), enabled });
