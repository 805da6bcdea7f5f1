import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { useSession } from "@/lib/session";
import { ApiError } from "@/lib/api";
import { useProfile, type Profile } from "@/lib/profile";

/** Where a signed-in area sends someone, given what the profile call answered. null = stay. */
export type GateDecision = (state: { profile: Profile } | { missing: true } | { failed: true }) => string | null;

/**
 * Who may open the creator dashboard: failure → /role-selection; missing profile →
 * /onboarding; admins → /admin; customers → their portal; no role yet → /role-selection;
 * a creator who has not finished onboarding → /onboarding. Role routing comes before the
 * onboarding check so an admin or a customer is never sent into creator onboarding.
 */
export const creatorGate: GateDecision = (s) => {
  if ("failed" in s) return "/role-selection";
  if ("missing" in s) return "/onboarding";
  const p = s.profile;
  if (p.role === "admin" || p.is_admin) return "/admin";
  if (p.role === "customer") return "/customer-dashboard";
  if (!p.role) return "/role-selection";
  if (!p.onboarding_completed) return "/onboarding";
  return null;
};

/**
 * Runs a gate: not signed in → /login (or `login`, e.g. with ?redirect= back), otherwise the gate's decision on the profile.
 * `ready` is true only once the person may see the page.
 */
export function useProfileGate(decide: GateDecision, login = "/login") {
  const { user, isPending } = useSession();
  const profile = useProfile(!!user);
  const navigate = useNavigate();

  let destination: string | null = null;
  if (!isPending && !user) destination = login;
  else if (profile.isError) {
    const missing = profile.error instanceof ApiError && profile.error.status === 404;
    destination = decide(missing ? { missing: true } : { failed: true });
  } else if (profile.data) destination = decide({ profile: profile.data });

  useEffect(() => {
    if (destination) navigate(destination, { replace: true });
  }, [destination, navigate]);

  return { ready: !!profile.data && !destination, profile: profile.data, user };
}
