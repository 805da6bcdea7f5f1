import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import {
  LIFETIME_PRICE,
  PLANS,
  PLAN_FOOTNOTE,
  PLAN_IDS,
  TRIAL_DAYS,
  YEARLY_SAVING_LABEL,
  formatPlanPrice,
  isSelectablePlan,
  type BillingCycle,
  type SelectablePlanId,
} from "@payloft/core/plan/plans";
import { apiFetch } from "@/lib/api";
import { Button } from "@/components/ui/Button";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { IconSparkles } from "@/components/ui/icons";
import { toast } from "@/components/ui/toast";
import { cn } from "@/components/ui/cn";
import { checkoutErrorText, createCheckoutSession, createLifetimeCheckout } from "@/features/plans/api/checkout";
import { clearSelection, readSelection } from "@/lib/planSelection";
import { PlanCard } from "./PlanCard";

/**
 * Onboarding step 2. Rendered by the onboarding page frame:
 *   <PlanStep customerName={name} profilePlan={profile?.plan} onBack={() => setStep(1)} />
 * customerName: the name from step 1 (sent as customer_name); profilePlan: the stored plan,
 * used when neither ?upgrade= nor sessionStorage holds a known plan.
 */
export interface PlanStepProps {
  customerName: string;
  profilePlan?: string | null;
  onBack: () => void;
}

export const ROLE_FAILED = "Failed to set creator role";

function initialChoice(upgrade: string | null, profilePlan: string | null | undefined) {
  const stored = readSelection();
  const plan: SelectablePlanId = isSelectablePlan(upgrade)
    ? upgrade
    : (stored.plan ?? (isSelectablePlan(profilePlan) ? profilePlan : "pro"));
  return { plan, cycle: (stored.cycle === "yearly" ? "yearly" : "monthly") as BillingCycle };
}

export function PlanStep({ customerName, profilePlan, onBack }: PlanStepProps) {
  const [params] = useSearchParams();
  const [initial] = useState(() => initialChoice(params.get("upgrade"), profilePlan));
  const [plan, setPlan] = useState<SelectablePlanId>(initial.plan);
  const [cycle, setCycle] = useState<BillingCycle>(initial.cycle);
  const [busy, setBusy] = useState(false);

  async function completeSetup() {
    setBusy(true);
    try {
      try {
        await apiFetch("/api/profile/role", { method: "POST", body: { role: "creator" } });
      } catch {
        toast(ROLE_FAILED, "error");
        setBusy(false);
        return;
      }
      const url =
        plan === "lifetime"
          ? await createLifetimeCheckout({ customer_name: customerName })
          : await createCheckoutSession({ plan, billing_cycle: cycle, customer_name: customerName });
      clearSelection();
      window.location.assign(url);
      return; // stay busy while the browser leaves
    } catch (err) {
      toast(checkoutErrorText(err), "error");
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="plan-step-title">
      <div className="text-center">
        <h2 id="plan-step-title" className="text-2xl font-bold tracking-tight text-slate-900">
          Choose your plan
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Paid plans start with a {TRIAL_DAYS}-day free trial. Change or cancel anytime.
        </p>
      </div>
      <div className="mt-6 flex justify-center">
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
      {plan === "lifetime" && (
        <div
          role="status"
          className="mt-6 flex items-center gap-3 rounded-2xl border-2 border-brand-600 bg-brand-50 px-4 py-3 text-sm text-brand-800"
        >
          <IconSparkles className="h-5 w-5 shrink-0" />
          <span>
            <strong>Lifetime Access</strong> selected: {formatPlanPrice(LIFETIME_PRICE)} once. Pick a plan below to
            choose a subscription instead.
          </span>
        </div>
      )}
      <div role="radiogroup" aria-label="Plan" className="mt-8 grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {PLAN_IDS.map((id) => (
          <PlanCard
            key={id}
            plan={PLANS[id]}
            cycle={cycle}
            compact
            selected={plan === id}
            onSelect={() => setPlan(id)}
          />
        ))}
      </div>
      <p className="mt-6 text-center text-xs text-slate-500">{PLAN_FOOTNOTE}</p>
      <div className={cn("mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between")}>
        <Button variant="secondary" size="lg" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button size="lg" loading={busy} onClick={() => void completeSetup()}>
          {busy ? "Setting up..." : "Complete Setup"}
        </Button>
      </div>
    </section>
  );
}

export default PlanStep;
