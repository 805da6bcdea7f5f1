import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiFetch } from "../../../lib/api";
import { useSession } from "../../../app/session";

/** GET /api/profile (spec part 1 §7): the signed-in user's profile. */
export interface Profile {
  role: "admin" | "customer" | "creator" | null;
  is_admin: boolean;
  onboarding_completed: boolean;
  name: string | null;
  plan: string | null;
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: ["profile"], queryFn: () => apiFetch<Profile>("/api/profile"), staleTime: 30_000 });

/** Spec part 1 §2 Landing: where Get Started / Start Selling / Dashboard lead for this profile. */
export function startDestination(profile: Partial<Profile> | null | undefined): string {
  if (!profile) return "/pricing";
  if (profile.role === "admin" || profile.is_admin === true) return "/admin";
  if (profile.role === "customer") return "/customer-dashboard";
  if (profile.onboarding_completed) return "/dashboard";
  return "/pricing";
}

/**
 * Resolves the destination of the landing's call-to-action buttons: signed out → /pricing;
 * signed in → by profile; any failure → /pricing (the spec says failures never block the visitor).
 */
export function useStartDestination() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useCallback(async (): Promise<string> => {
    if (!user) return "/pricing";
    try {
      return startDestination(await queryClient.fetchQuery(profileQueryOptions()));
    } catch {
      return "/pricing";
    }
  }, [user, queryClient]);
}
