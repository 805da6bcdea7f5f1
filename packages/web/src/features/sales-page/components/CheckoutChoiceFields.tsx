import { useId } from "react";
import { minorToDecimal } from "@payloft/core/currency/units";
import { currencySymbol, formatCents } from "@/lib/money";
import type { CheckoutChoices } from "@/features/sales-page/lib/useCheckoutChoices";
import { CodeField } from "./CodeField";
import { FIELD } from "./field";

/**
 * A pay-what-you-want product's amount, in its currency. Below the minimum (after an applied
 * code) the line under the field says so in a sentence; Buy is disabled meanwhile.
 */
export function AmountField({
  amountText,
  onAmountText,
  minimum,
  currency,
  step,
  low,
  code,
}: {
  amountText: string;
  onAmountText: (text: string) => void;
  /** minor units */
  minimum: number;
  currency: string;
  step: string;
  low: boolean;
  /** The applied code that lowered the minimum. */
  code?: string;
}) {
  const id = useId();
  const least = formatCents(minimum, currency);
  return (
    <div className="mt-5">
      <label htmlFor={`${id}-amount`} className="text-sm font-medium text-slate-900">
        Your price ({currency.toUpperCase()})
      </label>
      <div className="relative mt-1.5">
        <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-slate-500">
          {currencySymbol(currency)}
        </span>
        <input
          id={`${id}-amount`}
          name="amount"
          type="number"
          inputMode="decimal"
          min={minorToDecimal(minimum, currency)}
          step={step}
          value={amountText}
          onChange={(e) => onAmountText(e.target.value)}
          aria-invalid={low || undefined}
          aria-describedby={`${id}-min`}
          className={`${FIELD} pl-9`}
        />
      </div>
      <p
        id={`${id}-min`}
        aria-live="polite"
        className={`mt-1 text-xs ${low ? "font-medium text-red-700" : "text-slate-500"}`}
      >
        {low ? `Please pay at least ${least}.` : `${least} or more${code ? ` with ${code}` : ""}`}
      </p>
    </div>
  );
}

/** What the buyer chooses in the price card: a pay-what-you-want amount, and a discount code. */
export function CheckoutChoiceFields({ choices: c }: { choices: CheckoutChoices }) {
  return (
    <>
      {c.payWhatYouWant && (
        <AmountField
          amountText={c.amountText}
          onAmountText={c.setAmountText}
          minimum={c.minimum}
          currency={c.currency}
          step={c.step}
          low={c.belowMinimum}
          code={c.applied?.code}
        />
      )}
      <CodeField
        code={c.code}
        onCode={c.setCode}
        applied={c.applied}
        error={c.codeError}
        applying={c.applying}
        onApply={c.apply}
        onRemove={c.removeCode}
      />
    </>
  );
}
