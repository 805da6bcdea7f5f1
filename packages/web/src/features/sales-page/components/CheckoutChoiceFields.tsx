import { useId, useState } from "react";
import { minorToDecimal } from "@payloft/core/currency/units";
import { currencySymbol, formatCents } from "@/features/sales-page/lib/money";
import type { CheckoutChoices } from "@/features/sales-page/lib/useCheckoutChoices";

const control =
  "h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500";

/** The buyer's amount of a pay-what-you-want product, or the "Have a code?" field. */
export function CheckoutChoiceFields({ choices }: { choices: CheckoutChoices }) {
  const id = useId();
  const [open, setOpen] = useState(Boolean(choices.code));
  if (choices.payWhatYouWant) {
    const low = choices.amount === null || choices.amount < choices.minimum;
    return (
      <div className="mt-5">
        <label htmlFor={`${id}-amount`} className="text-sm font-medium text-slate-900">
          Your price ({choices.currency.toUpperCase()})
        </label>
        <div className="relative mt-1.5">
          <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-slate-500">
            {currencySymbol(choices.currency)}
          </span>
          <input
            id={`${id}-amount`}
            name="amount"
            type="number"
            inputMode="decimal"
            min={minorToDecimal(choices.minimum, choices.currency)}
            step={choices.step}
            value={choices.amountText}
            onChange={(e) => choices.setAmountText(e.target.value)}
            aria-invalid={low || undefined}
            aria-describedby={`${id}-min`}
            className={`${control} pl-7`}
          />
        </div>
        <p id={`${id}-min`} className={`mt-1 text-xs ${low ? "text-red-700" : "text-slate-500"}`}>
          {formatCents(choices.minimum, choices.currency)} or more
        </p>
      </div>
    );
  }
  if (!open) {
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
  return (
    <div className="mt-5">
      <label htmlFor={`${id}-code`} className="text-sm font-medium text-slate-900">
        Have a code?
      </label>
      <input
        id={`${id}-code`}
        name="discount_code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        value={choices.code}
        onChange={(e) => choices.setCode(e.target.value)}
        aria-describedby={`${id}-code-hint`}
        className={`${control} mt-1.5 uppercase`}
      />
      <p id={`${id}-code-hint`} className="mt-1 text-xs text-slate-500">
        The discount is applied on the payment page.
      </p>
    </div>
  );
}
