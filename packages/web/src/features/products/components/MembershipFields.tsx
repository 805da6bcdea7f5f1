import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { Textarea } from "@/components/ui/Textarea";
import { INTERVAL_NAME, INTERVAL_ORDER } from "@/lib/membership";
import { currencySymbol } from "@/lib/money";
import { EMPTY_TIER, type ProductForm, type TierForm } from "@/features/products/lib/productForm";

const MAX_TIERS = 10;

/**
 * A membership's tiers and free trial in the product dialog: each tier a name, an optional
 * description and its price per period in the product's currency (blank: not sold by that
 * period), up to 10 tiers; the server judges them (each refusal a sentence in the dialog).
 */
export function MembershipFields({
  form,
  set,
  step,
}: {
  form: ProductForm;
  set: <K extends keyof ProductForm>(key: K, value: ProductForm[K]) => void;
  step: number;
}) {
  const symbol = currencySymbol(form.currency);
  const code = form.currency.toUpperCase();
  const setTier = (i: number, tier: TierForm) =>
    set(
      "tiers",
      form.tiers.map((t, j) => (j === i ? tier : t)),
    );
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 p-3" data-testid="membership-fields">
      <Field
        label="Free trial (days)"
        hint="0 for none, at most 90; the first charge comes after it"
        className="max-w-xs"
      >
        <Input
          name="trial_days"
          type="number"
          inputMode="numeric"
          min={0}
          max={90}
          step={1}
          value={form.trial_days}
          onChange={(e) => set("trial_days", e.target.value)}
        />
      </Field>
      {form.tiers.map((tier, i) => (
        <fieldset key={i} className="space-y-3 rounded-lg bg-slate-50 p-3">
          <legend className="sr-only">Tier {i + 1}</legend>
          <div className="flex items-end gap-2">
            <Field label={`Tier ${i + 1} name`} required className="flex-1">
              <Input
                name={`tiers.${i}.name`}
                required
                maxLength={80}
                value={tier.name}
                placeholder={i ? "e.g. Pro" : "e.g. Basic"}
                onChange={(e) => setTier(i, { ...tier, name: e.target.value })}
              />
            </Field>
            {form.tiers.length > 1 && (
              <Button
                variant="ghost"
                size="sm"
                className="mb-0.5"
                aria-label={`Remove tier ${i + 1}`}
                onClick={() =>
                  set(
                    "tiers",
                    form.tiers.filter((_, j) => j !== i),
                  )
                }
              >
                Remove
              </Button>
            )}
          </div>
          <Field label="What it includes">
            <Textarea
              name={`tiers.${i}.description`}
              rows={2}
              maxLength={500}
              value={tier.description}
              onChange={(e) => setTier(i, { ...tier, description: e.target.value })}
            />
          </Field>
          <div className="grid gap-3 sm:grid-cols-3">
            {INTERVAL_ORDER.map((interval) => (
              <Field key={interval} label={`${INTERVAL_NAME[interval]} (${code})`}>
                <div className="relative">
                  <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-slate-500">
                    {symbol}
                  </span>
                  <Input
                    name={`tiers.${i}.${interval}`}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={step}
                    className={symbol.length > 1 ? "pl-11" : "pl-7"}
                    value={tier.prices[interval]}
                    onChange={(e) => setTier(i, { ...tier, prices: { ...tier.prices, [interval]: e.target.value } })}
                  />
                </div>
              </Field>
            ))}
          </div>
          <p className="text-xs text-slate-500">Leave a period blank to not offer this tier by it.</p>
        </fieldset>
      ))}
      {form.tiers.length < MAX_TIERS && (
        <Button variant="secondary" size="sm" onClick={() => set("tiers", [...form.tiers, EMPTY_TIER])}>
          Add a tier
        </Button>
      )}
    </div>
  );
}
