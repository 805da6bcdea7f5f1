import type { ReactNode } from "react";
import { useField } from "./Field";
import { cn } from "./cn";

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Visible label next to the switch; without one, pass aria-label. */
  label?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  id?: string;
  "aria-label"?: string;
}

/** On/off toggle (role="switch"), e.g. platform settings. Space/Enter toggle it. */
export function Switch({ checked, onChange, label, description, disabled, id, ...aria }: SwitchProps) {
  const field = useField();
  const control = (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      id={id ?? field?.id}
      disabled={disabled}
      aria-label={aria["aria-label"]}
      onClick={() => onChange(!checked)}
      className={cn(
        "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50",
        checked ? "bg-brand-600" : "bg-slate-300",
      )}
    >
      <span
        aria-hidden
        className={cn(
          "inline-block h-5 w-5 rounded-full bg-white shadow transition-transform",
          checked ? "translate-x-5" : "translate-x-0.5",
        )}
      />
    </button>
  );
  if (!label) return control;
  return (
    <label className="flex cursor-pointer items-start justify-between gap-4">
      <span className="min-w-0">
        <span className="block text-sm font-medium text-slate-800">{label}</span>
        {description && <span className="mt-0.5 block text-sm text-slate-500">{description}</span>}
      </span>
      {control}
    </label>
  );
}
