import { useNavigate } from "react-router-dom";
import { PLANS, PLAN_FOOTNOTE, formatPlanPrice, planOf } from "@payloft/core/plan/plans";
import { Button } from "@/components/ui/Button";
import { IconSparkles } from "@/components/ui/icons";
import { cn } from "@/components/ui/cn";
import { limitLabel } from "@/features/plans/lib/format";

const BANNER_PLANS = ["starter", "pro", "business"] as const;

/**
 * Dashboard upgrade banner, shown only on the free plan: three plans with
 * Starter marked Popular; 'Upgrade Now' goes to /onboarding?upgrade={plan} without a call.
 * Pass the profile's plan; anything but free (unknown counts as free) renders nothing.
 */
export function PlanBanner({ plan }: { plan: string | null | undefined }) {
  const navigate = useNavigate();
  if (planOf(plan).id !== "free") return null;
  return (
    <section
      aria-labelledby="plan-banner-title"
      className="overflow-hidden rounded-2xl bg-gradient-to-br from-brand-600 via-brand-600 to-brand-700 p-5 text-white shadow-lg shadow-brand-900/10 sm:p-6"
    >
      <div className="flex flex-wrap items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-white/15">
          <IconSparkles className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="plan-banner-title" className="text-lg font-bold sm:text-xl">
            Ready to grow your business?
          </h2>
          <p className="mt-0.5 text-sm text-brand-100">
            Your free plan allows 1 product. Upgrade to sell more and unlock advanced analytics.
          </p>
        </div>
      </div>
      <ul className="mt-5 grid gap-3 md:grid-cols-3">
        {BANNER_PLANS.map((id) => {
          const p = PLANS[id];
          const popular = id === "starter";
          return (
            <li
              key={id}
              data-plan={id}
              className={cn(
                "relative flex flex-col rounded-xl bg-white p-4 text-slate-900",
                popular && "ring-2 ring-amber-300",
              )}
            >
              {popular && (
                <span className="absolute -top-2.5 right-3 rounded-full bg-amber-300 px-2 py-0.5 text-[11px] font-bold text-amber-950">
                  Popular
                </span>
              )}
              <p className="font-semibold">{p.name}</p>
              <p className="mt-1 flex items-baseline gap-1">
                <span className="text-2xl font-extrabold">{formatPlanPrice(p.monthlyPrice)}</span>
                <span className="text-xs text-slate-500">/month</span>
              </p>
              <p className="text-xs text-slate-500">or {formatPlanPrice(p.yearlyMonthlyPrice)}/month billed yearly</p>
              <p className="mt-2 text-sm text-slate-700">{limitLabel(p.productLimit)}</p>
              <Button
                className="mt-4"
                size="sm"
                fullWidth
                variant={popular ? "primary" : "secondary"}
                aria-label={`Upgrade Now to ${p.name}`}
                onClick={() => navigate(`/onboarding?upgrade=${id}`)}
              >
                Upgrade Now
              </Button>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-center text-xs text-brand-100">{PLAN_FOOTNOTE}</p>
    </section>
  );
}
