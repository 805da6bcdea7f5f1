import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useSession } from "@/lib/session";
import { profileQuery, type Profile } from "@/lib/profile";

/** Landing page: where Get Started / Start Selling / Dashboard lead for this profile. */
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
      return startDestination(await queryClient.fetchQuery(profileQuery()));
    } catch {
      return "/pricing";
    }
  }, [user, queryClient]);
}
