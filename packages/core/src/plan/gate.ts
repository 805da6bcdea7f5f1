import { PlanLockedError } from "../errors";
import { Config } from "../config/index";
import { FEATURE_LABEL, FEATURE_MIN_PLAN, planAllows, featureTier, type Feature } from "./features";
import { PLANS } from "./plans";

export interface Entitled {
  plan?: string | null;
  role?: string | null;
  is_admin?: boolean;
  email: string;
}

/**
 * Refuses a feature the caller's plan does not include with 403 `{error, upgrade}` (the
 * cheapest plan that has it), which the screens turn into an upgrade card. The configured
 * unlimited e-mails also get the pro-level analytics the dashboard promises them.
 */
export function requireFeature(who: Entitled, feature: Feature): void {
  if (allows(who, feature)) return;
  const upgrade = FEATURE_MIN_PLAN[feature];
  throw new PlanLockedError(
    `${FEATURE_LABEL[feature]} is part of the ${PLANS[upgrade].name} plan. Upgrade to use it.`,
    upgrade,
  );
}

export function allows(who: Entitled, feature: Feature): boolean {
  if (planAllows(featureTier(who), feature)) return true;
  return feature === "traffic_analytics" && Config.unlimitedEmails().includes(who.email.toLowerCase());
}
