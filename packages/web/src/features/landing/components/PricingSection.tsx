import { useState } from "react";
import { useNavigate } from "react-router-dom";
import {
  PLANS,
  PLAN_FOOTNOTE,
  PLAN_IDS,
  YEARLY_SAVING_LABEL,
  formatPlanPrice,
  yearlyTotal,
  type BillingCycle,
  type Plan,
} from "@payloft/core/plan/plans";
import { Button } from "@/components/ui/Button";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { IconCheck } from "@/components/ui/icons";
import { cn } from "@/components/ui/cn";
import { SectionHeading } from "./SectionHeading";

/** The plan table (built from the one PLANS table). Choosing happens on /pricing, so every button goes there. */
export function PricingSection() {
  const [cycle, setCycle] = useState<BillingCycle>("monthly");
  const navigate = useNavigate();
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="bg-gradient-to-b from-white to-brand-50/60">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple plans that grow with you"
          lead="Start free and upgrade when your catalogue grows. Every plan sells with the same secure checkout."
        />
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
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {PLAN_IDS.map((id) => (
            <PlanCard key={id} plan={PLANS[id]} cycle={cycle} onChoose={() => navigate("/pricing")} />
          ))}
        </ul>
        <p className="mt-8 text-center text-sm text-slate-600">{PLAN_FOOTNOTE}</p>
        <div className="mt-6 flex justify-center">
          <Button size="lg" onClick={() => navigate("/pricing")}>
            Get Started
          </Button>
        </div>
      </div>
    </section>
  );
}

function PlanCard({ plan, cycle, onChoose }: { plan: Plan; cycle: BillingCycle; onChoose: () => void }) {
  const yearly = cycle === "yearly";
  const perMonth = yearly ? plan.yearlyMonthlyPrice : plan.monthlyPrice;
  const billedNote =
    plan.monthlyPrice === 0
      ? "Free forever"
      : yearly
        ? `${formatPlanPrice(yearlyTotal(plan))} billed yearly`
        : "Billed monthly";
  return (
    <li
      data-plan={plan.id}
      className={cn(
        "relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm",
        plan.popular
          ? "border-brand-500 shadow-xl shadow-brand-900/10 ring-1 ring-brand-500 lg:-my-2 lg:py-8"
          : "border-slate-200",
      )}
    >
      {plan.popular && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-bold text-white shadow">
          Popular
        </span>
      )}
      <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
      <p className="mt-1 min-h-10 text-sm text-slate-500">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900" data-testid="plan-price">
          {formatPlanPrice(perMonth)}
        </span>
        <span className="text-sm font-medium text-slate-500">/month</span>
      </p>
      <p className="mt-1 text-xs font-medium text-slate-500" data-testid="plan-billing">
        {billedNote}
      </p>
      <ul className="mt-6 flex-1 space-y-2.5 text-sm text-slate-700">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <IconCheck className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
            {f}
          </li>
        ))}
      </ul>
      <Button
        className="mt-6"
        fullWidth
        variant={plan.popular ? "primary" : "secondary"}
        onClick={onChoose}
        aria-label={`Get Started with ${plan.name}`}
      >
        Get Started
      </Button>
    </li>
  );
}
