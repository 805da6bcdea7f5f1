import { FEATURE_LABEL, FEATURE_MIN_PLAN, type Feature } from "@payloft/core/plan/features";
import { PLANS } from "@payloft/core/plan/plans";
import { ButtonLink } from "../../../components/ui/Button";
import { IconLock } from "../../../components/ui/icons";

/**
 * What a locked feature shows instead of its screen (DECISIONS 24): which plan includes it and
 * the way there. The server refuses the same calls with 403 {error, upgrade}.
 */
export function UpgradeCard({ feature, pitch }: { feature: Feature; pitch: string }) {
  const plan = PLANS[FEATURE_MIN_PLAN[feature]];
  return (
    <section
      aria-labelledby={`upgrade-${feature}`}
      className="flex flex-col items-start gap-4 rounded-2xl border border-brand-200 bg-brand-50/60 p-5 sm:flex-row sm:p-6"
      data-testid="upgrade-card"
    >
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white">
        <IconLock className="h-5 w-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{FEATURE_LABEL[feature]}</p>
        <h2 id={`upgrade-${feature}`} className="mt-0.5 text-base font-semibold text-slate-900">
          Available on the {plan.name} plan
        </h2>
        <p className="mt-1 text-sm text-slate-600">{pitch}</p>
        <ButtonLink className="mt-4" to={`/onboarding?upgrade=${plan.id}`}>
          Upgrade to {plan.name}
        </ButtonLink>
      </div>
    </section>
  );
}
