import { createContext, useContext, useId, type LabelHTMLAttributes, type ReactNode } from "react";
import { cn } from "./cn";

/**
 * Label + control + hint + error. Controls (Input, Textarea, Select, Switch) inside a Field
 * pick up its id, aria-describedby and aria-invalid from context, so callers never wire ids.
 */
interface FieldContextValue {
  id: string;
  describedBy?: string;
  invalid: boolean;
}
const FieldContext = createContext<FieldContextValue | null>(null);
export const useField = () => useContext(FieldContext);

export function Label({ className, htmlFor, children, ...rest }: LabelHTMLAttributes<HTMLLabelElement>) {
  return (
    <label htmlFor={htmlFor} className={cn("block text-sm font-medium text-slate-800", className)} {...rest}>
      {children}
    </label>
  );
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Marks the label; the control should also carry `required`. */
  required?: boolean;
  id?: string;
  className?: string;
  children: ReactNode;
}

export function Field({ label, hint, error, required, id, className, children }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? `field-${autoId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <FieldContext.Provider value={{ id: controlId, describedBy, invalid: Boolean(error) }}>
      <div className={cn("space-y-1.5", className)}>
        <Label htmlFor={controlId}>
          {label}
          {required && (
            <span className="ml-0.5 text-red-600" aria-hidden>
              *
            </span>
          )}
        </Label>
        {children}
        {hint && !error && (
          <p id={hintId} className="text-xs text-slate-500">
            {hint}
          </p>
        )}
        {error && (
          <p id={errorId} className="text-xs font-medium text-red-600">
            {error}
          </p>
        )}
      </div>
    </FieldContext.Provider>
  );
}

/** Shared look of text-like controls; invalid state turns the border red. */
export function controlClasses(invalid: boolean, className?: string) {
  return cn(
    "block w-full rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400",
    "focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 read-only:bg-slate-50",
    invalid
      ? "border-red-400 focus:border-red-500 focus:ring-red-200"
      : "border-slate-300 focus:border-brand-500 focus:ring-brand-100",
    className,
  );
}
