import { LIFETIME_COMPARE_AT_YEARLY, LIFETIME_PRICE, PLANS, formatPlanPrice } from "@payloft/core/plan/plans";
import { useSession } from "@/lib/session";
import { Button } from "@/components/ui/Button";
import { IconCheck, IconShield, IconSparkles } from "@/components/ui/icons";
import { useProfile } from "@/lib/profile";
import { PlanAudienceNotice, isLifetimeMember } from "@/features/plans/components/PlanAudienceNotice";
import { PlansHeader } from "@/features/plans/components/PlansHeader";
import { useChoosePlan } from "@/features/plans/lib/useChoosePlan";
import { usePublicStats } from "@/lib/publicStats";
import { figuresOf } from "@/lib/figures";

/** /secret-lifetime-deal: $199 once instead of $420/year; same flow as /pricing. */
export default function LifetimeDealPage() {
  const { user, isPending } = useSession();
  const { choose, busy } = useChoosePlan();
  const profile = useProfile(Boolean(user));
  const member = isLifetimeMember(profile.data);
  const features = [...PLANS.lifetime.features, ...PLANS.business.features.slice(1)];
  // The platform's own figures, the same the landing page shows, or none (rule: Honest social proof).
  const figures = figuresOf(usePublicStats().data);

  return (
    <div className="min-h-screen bg-slate-950 bg-[radial-gradient(ellipse_at_top,_rgba(99,102,241,0.35),_transparent_60%)] text-white">
      <PlansHeader dark />
      <main className="mx-auto max-w-5xl px-4 pb-20 pt-12 sm:px-6 sm:pt-16">
        <div className="text-center">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-400/15 px-3 py-1 text-xs font-bold uppercase tracking-wider text-amber-300 ring-1 ring-amber-300/30">
            <IconSparkles className="h-3.5 w-3.5" /> Limited-time offer
          </span>
          <h1 className="mt-5 text-3xl font-extrabold tracking-tight sm:text-5xl">Pay once. Sell forever.</h1>
          <p className="mx-auto mt-4 max-w-2xl text-base text-slate-300 sm:text-lg">
            Lifetime access to Payloft with everything in Business: unlimited products, advanced analytics and every
            future update.
          </p>
          <PlanAudienceNotice profile={profile.data} dark />
        </div>

        <div className="mx-auto mt-12 grid max-w-4xl overflow-hidden rounded-3xl bg-white text-slate-900 shadow-2xl shadow-brand-950/40 md:grid-cols-5">
          <div className="p-6 sm:p-8 md:col-span-3">
            <h2 className="text-lg font-semibold">Everything included</h2>
            <ul className="mt-5 grid gap-3 text-sm text-slate-700 sm:grid-cols-2">
              {features.map((f) => (
                <li key={f} className="flex gap-2">
                  <IconCheck className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
                  {f}
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-col justify-center border-t border-slate-100 bg-brand-50/60 p-6 text-center sm:p-8 md:col-span-2 md:border-l md:border-t-0">
            <p className="text-sm font-semibold text-brand-700">Lifetime Access</p>
            <p className="mt-2 flex items-baseline justify-center gap-2">
              <span className="text-5xl font-extrabold tracking-tight" data-testid="lifetime-price">
                {formatPlanPrice(LIFETIME_PRICE)}
              </span>
              <span className="text-lg font-medium text-slate-400 line-through">
                {formatPlanPrice(LIFETIME_COMPARE_AT_YEARLY)}/year
              </span>
            </p>
            <p className="mt-1 text-sm text-slate-500">One-time payment · no subscription</p>
            <Button
              className="mt-6"
              size="lg"
              fullWidth
              loading={busy === "lifetime"}
              disabled={isPending || !!busy || member}
              onClick={() => void choose("lifetime", "lifetime")}
            >
              {busy === "lifetime" ? "Processing..." : member ? "You have Lifetime Access" : "Get Lifetime Access"}
            </Button>
            <p className="mt-4 inline-flex items-center justify-center gap-1.5 text-sm font-medium text-emerald-700">
              <IconShield className="h-4 w-4" /> 30-day money-back guarantee
            </p>
          </div>
        </div>

        {figures.length > 0 && (
          <dl
            data-testid="platform-figures"
            className="mx-auto mt-12 flex max-w-3xl flex-wrap justify-center gap-4 text-center"
          >
            {figures.map((f) => (
              <div
                key={f.label}
                className="flex min-w-28 flex-1 flex-col rounded-2xl border border-white/10 bg-white/5 px-2 py-5"
              >
                <dt className="order-last mt-1 text-xs text-slate-400 sm:text-sm">{f.label}</dt>
                {f.values.map((v) => (
                  <dd key={v} className="text-2xl font-extrabold sm:text-3xl">
                    {v}
                  </dd>
                ))}
              </div>
            ))}
          </dl>
        )}
        <p className="mt-10 text-center text-sm text-slate-400">
          This is a limited-time offer: the lifetime price may go away at any moment.
        </p>
      </main>
    </div>
  );
}
