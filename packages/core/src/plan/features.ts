import type { PlanId } from "./plans";

/**
 * What each plan unlocks (rule: Features by plan; lifetime members and admins count as business).
 * Pure data with no dependencies, so screens import it to show an upgrade card and the server
 * uses the same table to refuse (plan/gate.ts).
 */
export const FEATURE_MIN_PLAN = {
  discount_codes: "free",
  pay_what_you_want: "free",
  storefront: "free",
  license_keys: "free",
  hosted_files: "free",
  refunds: "free",
  traffic_analytics: "pro",
  custom_branding: "pro",
  payment_recovery: "pro",
  affiliates: "pro",
  api_keys: "business",
  public_api: "business",
  outgoing_webhooks: "business",
  white_label: "business",
} as const satisfies Record<string, PlanId>;

export type Feature = keyof typeof FEATURE_MIN_PLAN;

const RANK: Record<PlanId, number> = { free: 0, starter: 1, pro: 2, business: 3 };

export const FEATURE_LABEL: Record<Feature, string> = {
  discount_codes: "Discount codes",
  pay_what_you_want: "Pay what you want",
  storefront: "Storefront",
  license_keys: "Licence keys",
  hosted_files: "Hosted files",
  refunds: "Refunds",
  traffic_analytics: "Traffic analytics",
  custom_branding: "Custom branding",
  payment_recovery: "Payment recovery e-mails",
  affiliates: "Affiliates",
  api_keys: "API keys",
  public_api: "Public API",
  outgoing_webhooks: "Webhooks",
  white_label: "White-label",
};

/** The plan whose features a person has: lifetime and admins are business; unknown plans are free. */
export function featureTier(who: { plan?: string | null; role?: string | null; is_admin?: boolean }): PlanId {
  if (who.is_admin || who.role === "admin" || who.plan === "lifetime") return "business";
  return who.plan === "starter" || who.plan === "pro" || who.plan === "business" ? who.plan : "free";
}

export const planAllows = (tier: PlanId, feature: Feature) => RANK[tier] >= RANK[FEATURE_MIN_PLAN[feature]];

export const hasFeature = (who: Parameters<typeof featureTier>[0], feature: Feature) =>
  planAllows(featureTier(who), feature);
