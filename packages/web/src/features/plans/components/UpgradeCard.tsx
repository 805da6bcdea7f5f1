import { FEATURE_LABEL, FEATURE_MIN_PLAN, type Feature } from "@payloft/core/plan/features";
import { PLANS } from "@payloft/core/plan/plans";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { IconSparkles } from "@/components/ui/icons";
import { cn } from "@/components/ui/cn";

/**
 * What a locked feature shows instead of itself (rule: Features by plan): which plan includes it and a
 * button to /onboarding?upgrade={plan}, the same target as the dashboard's upgrade banner.
 * `upgrade` may come from a 403 {error, upgrade} answer; otherwise the shared table decides.
 */
export function UpgradeCard({
  feature,
  description,
  upgrade,
  className,
}: {
  feature: Feature;
  description: string;
  upgrade?: string;
  className?: string;
}) {
  const planId = upgrade && upgrade in PLANS ? (upgrade as keyof typeof PLANS) : FEATURE_MIN_PLAN[feature];
  const plan = PLANS[planId];
  return (
    <section
      aria-label={`${FEATURE_LABEL[feature]}: upgrade to ${plan.name}`}
      data-testid="upgrade-card"
      className={cn(
        "flex flex-col gap-4 rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:flex-row sm:items-center",
        className,
      )}
    >
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white">
        <IconSparkles className="h-5 w-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">
          {FEATURE_LABEL[feature]} is part of the {plan.name} plan
        </p>
        <p className="mt-0.5 text-sm text-slate-600">{description}</p>
      </div>
      <ButtonLink to={`/onboarding?upgrade=${planId}`} className="shrink-0">
        Upgrade to {plan.name}
      </ButtonLink>
    </section>
  );
}
