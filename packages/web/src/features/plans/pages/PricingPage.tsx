import { useState } from "react";
import { PLANS, PLAN_FOOTNOTE, PLAN_IDS, YEARLY_SAVING_LABEL, type BillingCycle } from "@payloft/core/plan/plans";
import { useSession } from "@/lib/session";
import { Button } from "@/components/ui/Button";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { IconLock } from "@/components/ui/icons";
import { useProfile } from "@/lib/profile";
import { PlanAudienceNotice, isLifetimeMember } from "@/features/plans/components/PlanAudienceNotice";
import { PlanCard } from "@/features/plans/components/PlanCard";
import { PlansHeader } from "@/features/plans/components/PlansHeader";
import { useChoosePlan } from "@/features/plans/lib/useChoosePlan";

/** /pricing: the plan table with the plan-choice flow. */
export default function PricingPage() {
  const { user, isPending } = useSession();
  const { choose, busy } = useChoosePlan();
  const profile = useProfile(Boolean(user));
  // A subscriber sees the cycle they pay in; a plan change keeps it (switching is Billing's job).
  const [pickedCycle, setCycle] = useState<BillingCycle | null>(null);
  const cycle: BillingCycle = pickedCycle ?? (profile.data?.billing_cycle === "yearly" ? "yearly" : "monthly");
  // Lifetime deal (product rule): a lifetime member has every plan's features; no card is a choice for them.
  const lifetime = isLifetimeMember(profile.data);

  return (
    <div className="min-h-screen bg-gradient-to-b from-white via-white to-brand-50/70">
      <PlansHeader />
      <main className="mx-auto max-w-6xl px-4 pb-20 pt-12 sm:px-6 sm:pt-16">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">Pricing</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Choose the plan that fits your business
          </h1>
          <p className="mt-4 text-base text-slate-600 sm:text-lg">
            Start selling today. Upgrade as your catalogue grows — every plan uses the same secure checkout.
          </p>
        </div>
        <div className="mt-10 flex justify-center">
          <SegmentedControl
            label="Billing cycle"
            value={cycle}
            onChange={setCycle}
            options={[
              { value: "monthly", label: "Monthly" },
              { value: "yearly", label: "Yearly", badge: YEARLY_SAVING_LABEL },
            ]}
          />
        </div>
        {/* Above the cards so a phone reader learns it before choosing, not after four cards. */}
        {!isPending && !user && (
          <p className="mx-auto mt-6 flex max-w-xl items-start justify-center gap-2 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-left text-sm text-brand-700 sm:text-center">
            <IconLock className="mt-0.5 h-4 w-4 shrink-0" />
            <span>You'll sign in with your Google account to complete your purchase. No password needed.</span>
          </p>
        )}
        <PlanAudienceNotice profile={profile.data} />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PLAN_IDS.map((id) => (
            <li key={id}>
              <PlanCard
                plan={PLANS[id]}
                cycle={cycle}
                dimmed={!!busy && busy !== id}
                footer={
                  <Button
                    fullWidth
                    variant={PLANS[id].popular ? "primary" : "secondary"}
                    loading={busy === id}
                    disabled={!!busy || isPending || lifetime}
                    aria-label={busy === id || lifetime ? undefined : `Get Started with ${PLANS[id].name}`}
                    onClick={() => void choose(id, cycle)}
                  >
                    {busy === id ? "Processing..." : lifetime ? "Included in Lifetime" : "Get Started"}
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center text-sm font-medium text-slate-600">{PLAN_FOOTNOTE}</p>
      </main>
    </div>
  );
}
