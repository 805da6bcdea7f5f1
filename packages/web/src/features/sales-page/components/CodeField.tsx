import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { IconCheck } from "@/components/ui/icons";
import type { DiscountPreview } from "@/features/sales-page/api/useDiscountPreview";
import { formatCents } from "@/lib/money";
import { FIELD } from "./field";

/** "30% off" or "€2.00 off". */
const offLabel = (d: DiscountPreview) =>
  d.percent_off != null ? `${d.percent_off}% off` : `${formatCents(d.amount_off ?? 0, d.currency)} off`;

/**
 * "Have a code?": the field, Apply (or Enter), and beside it either the applied code with a
 * Remove button or, when the code does not apply, the server's sentence. A refusal never blocks
 * the purchase: the full price stays buyable.
 */
export function CodeField({
  code,
  onCode,
  applied,
  error,
  applying,
  onApply,
  onRemove,
}: {
  code: string;
  onCode: (code: string) => void;
  applied: DiscountPreview | null;
  error: string | null;
  applying: boolean;
  onApply: () => void;
  onRemove: () => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(Boolean(code));
  if (!open && !applied) {
    return (
      <button
        type="button"
        className="mt-4 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        onClick={() => setOpen(true)}
      >
        Have a code?
      </button>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply();
  };
  return (
    <form className="mt-5" onSubmit={submit} noValidate aria-label="Discount code">
      <label htmlFor={`${id}-code`} className="text-sm font-medium text-slate-900">
        Have a code?
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={`${id}-code`}
          name="discount_code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          value={code}
          onChange={(e) => onCode(e.target.value)}
          aria-describedby={`${id}-code-note`}
          aria-invalid={error ? true : undefined}
          className={`${FIELD} uppercase`}
        />
        <Button type="submit" variant="secondary" loading={applying} className="shrink-0">
          Apply
        </Button>
      </div>
      <div id={`${id}-code-note`} aria-live="polite" className="mt-1.5 text-xs">
        {applied ? (
          <p className="flex flex-wrap items-center gap-x-2 font-medium text-emerald-700">
            <IconCheck className="h-3.5 w-3.5" />
            <span>
              {applied.code} applied: {offLabel(applied)}.
            </span>
            <button
              type="button"
              onClick={onRemove}
              className="font-medium text-slate-600 underline underline-offset-2 hover:text-slate-900"
            >
              Remove
            </button>
          </p>
        ) : error ? (
          <p className="font-medium text-red-700">{error}</p>
        ) : (
          <p className="text-slate-500">Apply it to see your price before you pay.</p>
        )}
      </div>
    </form>
  );
}
