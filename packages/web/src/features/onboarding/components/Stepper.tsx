import { IconCheck } from "@/components/ui/icons";
import { cn } from "@/components/ui/cn";

const steps = ["Profile", "Plan"] as const;

/** "1 Profile — 2 Plan" progress header of onboarding. */
export function Stepper({ current }: { current: 1 | 2 }) {
  return (
    <ol className="flex items-center justify-center gap-3 text-sm" aria-label="Onboarding progress">
      {steps.map((label, i) => {
        const n = i + 1;
        const done = n < current;
        const active = n === current;
        return (
          <li key={label} className="flex items-center gap-3" aria-current={active ? "step" : undefined}>
            {i > 0 && (
              <span className={cn("h-px w-10 sm:w-16", done || active ? "bg-brand-400" : "bg-slate-200")} aria-hidden />
            )}
            <span
              className={cn(
                "flex h-8 w-8 items-center justify-center rounded-full text-sm font-semibold",
                done
                  ? "bg-brand-600 text-white"
                  : active
                    ? "bg-brand-600 text-white ring-4 ring-brand-100"
                    : "bg-slate-100 text-slate-500",
              )}
            >
              {done ? <IconCheck className="h-4 w-4" /> : n}
            </span>
            <span className={cn("font-medium", active ? "text-slate-900" : "text-slate-500")}>{label}</span>
          </li>
        );
      })}
    </ol>
  );
}
