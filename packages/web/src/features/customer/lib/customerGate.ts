import type { GateDecision } from "@/lib/useProfileGate";

/**
 * Who may open the customer portal: a profile failure or a missing profile and an
 * unfinished onboarding go to /onboarding; anyone not a customer goes to /admin when an
 * admin, otherwise to the creator dashboard.
 */
export const customerGate: GateDecision = (s) => {
  if ("failed" in s || "missing" in s) return "/onboarding";
  const p = s.profile;
  if (!p.onboarding_completed) return "/onboarding";
  if (p.role !== "customer") return p.role === "admin" || p.is_admin ? "/admin" : "/dashboard";
  return null;
};
