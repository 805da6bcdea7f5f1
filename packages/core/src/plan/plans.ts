/**
 * The one plan table (rule: One plan table–3). Server and screens both import it;
 * it has no dependencies so the web bundle can include it. Prices are integer cents.
 */
export const PLAN_IDS = ["free", "starter", "pro", "business"] as const;
export type PlanId = (typeof PLAN_IDS)[number];
/** Every plan but free (the first): what a subscription buys and what an admin may grant. */
const [, ...paid] = PLAN_IDS;
export const PAID_PLAN_IDS = paid;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];
/** Stored selections also accept lifetime (no card of its own). */
export const SELECTABLE_PLAN_IDS = [...PLAN_IDS, "lifetime"] as const;
export type SelectablePlanId = (typeof SELECTABLE_PLAN_IDS)[number];
export type BillingCycle = "monthly" | "yearly";

export interface Plan {
  id: SelectablePlanId;
  name: string;
  /** cents per month, billed monthly */
  monthlyPrice: number;
  /** cents per month when billed yearly */
  yearlyMonthlyPrice: number;
  description: string;
  /** null = unlimited */
  productLimit: number | null;
  analytics: "basic" | "advanced";
  features: string[];
  popular?: boolean;
}

const basicFeatures = ["Basic analytics", "Email support", "SSL security", "Mobile-optimised checkout"];

export const PLANS: Record<SelectablePlanId, Plan> = {
  free: {
    id: "free",
    name: "Free",
    monthlyPrice: 0,
    yearlyMonthlyPrice: 0,
    productLimit: 1,
    analytics: "basic",
    description: "Try selling your first digital product.",
    features: ["1 product", ...basicFeatures],
  },
  starter: {
    id: "starter",
    name: "Starter",
    monthlyPrice: 900,
    yearlyMonthlyPrice: 720,
    productLimit: 3,
    analytics: "basic",
    description: "For creators launching a small catalogue.",
    features: ["3 products", ...basicFeatures],
  },
  pro: {
    id: "pro",
    name: "Pro",
    monthlyPrice: 1900,
    yearlyMonthlyPrice: 1520,
    productLimit: 10,
    analytics: "advanced",
    popular: true,
    description: "For growing creators who sell every day.",
    features: [
      "10 products",
      "Advanced analytics",
      "Priority support",
      "Custom branding",
      "Automated delivery",
      "Payment recovery",
      "Affiliates",
    ],
  },
  business: {
    id: "business",
    name: "Business",
    monthlyPrice: 3500,
    yearlyMonthlyPrice: 2800,
    productLimit: null,
    analytics: "advanced",
    description: "For teams and established businesses.",
    // Only what the product delivers (rule: Plan cards say what ships).
    features: [
      "Unlimited products",
      "Advanced analytics",
      "Priority e-mail support",
      "White-label",
      "Affiliates",
      "API access",
      "Custom integrations",
    ],
  },
  lifetime: {
    id: "lifetime",
    name: "Lifetime",
    monthlyPrice: 0,
    yearlyMonthlyPrice: 0,
    productLimit: null,
    analytics: "advanced",
    description: "Business-level limits and features, paid once.",
    features: ["Unlimited products", "Everything in Business", "All future updates"],
  },
};

/** $199 once, compared with $420/year (rule: Lifetime deal). */
export const LIFETIME_PRICE = 19900;
export const LIFETIME_COMPARE_AT_YEARLY = 42000;
export const TRIAL_DAYS = 14;
export const YEARLY_SAVING_LABEL = "Save 20%";
/** The trial is for paid plans only: this line sits under the plan cards, never on the Free card. */
export const PLAN_FOOTNOTE = `All paid plans include a ${TRIAL_DAYS}-day free trial • No setup fees • Cancel anytime`;
/** The same promises as short points (the landing page's hero). */
export const PLAN_PROMISES = [`${TRIAL_DAYS}-day free trial on paid plans`, "No setup fees", "Cancel anytime"];

/** null, 'null' or anything unknown is free (rule: Unknown plans are free). */
export function planOf(stored: unknown): Plan {
  return typeof stored === "string" && stored in PLANS ? PLANS[stored as SelectablePlanId] : PLANS.free;
}

export const isSelectablePlan = (v: unknown): v is SelectablePlanId =>
  typeof v === "string" && (SELECTABLE_PLAN_IDS as readonly string[]).includes(v);

/** Yearly total in cents: monthly-equivalent × 12 rounded to whole dollars (rule: One plan table). */
export const yearlyTotal = (plan: Plan) => Math.round((plan.yearlyMonthlyPrice * 12) / 100) * 100;

/** Whole dollars without cents when round, e.g. 900 -> "$9", 720 -> "$7.20". */
export function formatPlanPrice(cents: number) {
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}
