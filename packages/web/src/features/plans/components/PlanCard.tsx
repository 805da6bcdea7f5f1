import type { ReactNode } from "react";
import { formatPlanPrice, type BillingCycle, type Plan } from "@payloft/core/plan/plans";
import { IconCheck } from "@/components/ui/icons";
import { cn } from "@/components/ui/cn";
import { billedNote, perMonth } from "@/features/plans/lib/format";

export interface PlanCardProps {
  plan: Plan;
  cycle: BillingCycle;
  /** Show the 'Popular' ribbon (pricing and onboarding: Pro; the dashboard banner: Starter). */
  popular?: boolean;
  /** Outlined as the chosen one (onboarding) or the current one (billing). */
  selected?: boolean;
  /** Greyed while another card is being processed. */
  dimmed?: boolean;
  /** Bottom action (a button), or nothing for selectable cards. */
  footer?: ReactNode;
  /** Makes the whole card a radio option (onboarding step 2). */
  onSelect?: () => void;
  compact?: boolean;
}

/** One plan from the plan table: name, price per month for the cycle, features, action. */
export function PlanCard({
  plan,
  cycle,
  popular = plan.popular,
  selected,
  dimmed,
  footer,
  onSelect,
  compact,
}: PlanCardProps) {
  const body = (
    <>
      {popular && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-bold text-white shadow">
          Popular
        </span>
      )}
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
        {onSelect && (
          <span
            aria-hidden
            className={cn(
              "mt-1 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2",
              selected ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white",
            )}
          >
            {selected && <IconCheck className="h-3 w-3" />}
          </span>
        )}
      </div>
      {!compact && <p className="mt-1 min-h-10 text-sm text-slate-500">{plan.description}</p>}
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900" data-testid="plan-price">
          {formatPlanPrice(perMonth(plan, cycle))}
        </span>
        <span className="text-sm font-medium text-slate-500">/month</span>
      </p>
      <p className="mt-1 text-xs font-medium text-slate-500">{billedNote(plan, cycle)}</p>
      <ul className={cn("flex-1 space-y-2.5 text-sm text-slate-700", compact ? "mt-4" : "mt-6")}>
        {(compact ? plan.features.slice(0, 4) : plan.features).map((f) => (
          <li key={f} className="flex gap-2">
            <IconCheck className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
            {f}
          </li>
        ))}
      </ul>
      {footer && <div className="mt-6">{footer}</div>}
    </>
  );
  const frame = cn(
    "relative flex h-full flex-col rounded-2xl border bg-white p-6 text-left shadow-sm transition",
    selected ? "border-brand-600 ring-2 ring-brand-600" : popular ? "border-brand-300" : "border-slate-200",
    popular && !onSelect && "shadow-xl shadow-brand-900/10 ring-1 ring-brand-500",
    dimmed && "opacity-60",
  );
  if (onSelect) {
    // A div, not a <button>: the card holds headings and lists, which buttons may not contain.
    return (
      <div
        role="radio"
        tabIndex={0}
        aria-checked={!!selected}
        aria-label={`${plan.name} plan`}
        data-plan={plan.id}
        onClick={onSelect}
        onKeyDown={(e) => {
          if (e.key === " " || e.key === "Enter") {
            e.preventDefault();
            onSelect();
          }
        }}
        className={cn(
          frame,
          "cursor-pointer hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
        )}
      >
        {body}
      </div>
    );
  }
  return (
    <div className={frame} data-plan={plan.id}>
      {body}
    </div>
  );
}
