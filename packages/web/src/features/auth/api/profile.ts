import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/** GET /api/profile (spec part 1 §7): the fields sign-in routing and onboarding read. */
export interface AuthProfile {
  id: string;
  name: string;
  email: string;
  plan: string | null;
  role: "admin" | "creator" | "customer" | null;
  is_admin: boolean;
  onboarding_completed: boolean;
}

/** The app-wide ["profile"] key, so every screen shares one cached profile. */
export const authProfileQuery = () =>
  queryOptions({ queryKey: ["profile"], queryFn: () => apiFetch<AuthProfile>("/api/profile"), staleTime: 30_000, retry: false });

export const useAuthProfile = (enabled = true) => useQuery({ ...authProfileQuery(), enabled });
