import { INTERVAL_NAME, formatRecurring } from "@/lib/membership";
import { priceAt, type MembershipChoice } from "@/features/sales-page/lib/useMembershipChoice";

/**
 * A membership's choice in the price card, inside the Buy form: the billing period (a switch,
 * shown when the tiers are sold by more than one) and the tier, each with its price per period
 * in the product's currency. Plain radio inputs named as the Buy form's fields (`interval`,
 * `tier`), so a page without JavaScript posts the buyer's choice too; every period's price is in
 * the page and sales.css shows the checked period's (data-per), and the checked choices are
 * highlighted by CSS (has-checked), with or without JavaScript.
 */
export function TierPicker({ choice: c, currency }: { choice: MembershipChoice; currency: string }) {
  const single = c.intervals.length === 1;
  return (
    <div className="mt-5 space-y-4" data-tier-picker="">
      {single ? (
        <input type="hidden" name="interval" value={c.interval} />
      ) : (
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">Billing period</legend>
          <div className="mt-1.5 flex rounded-lg border border-slate-300 p-1" data-testid="interval-switch">
            {c.intervals.map((i) => (
              <label
                key={i}
                className="flex-1 cursor-pointer rounded-md px-2 py-1.5 text-center text-sm font-medium text-slate-700 hover:bg-slate-100 has-checked:bg-brand-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-brand-500"
              >
                <input
                  type="radio"
                  name="interval"
                  value={i}
                  checked={c.interval === i}
                  onChange={() => c.setInterval(i)}
                  className="sr-only"
                />
                {INTERVAL_NAME[i]}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Choose a tier</legend>
        <div className="mt-1.5 space-y-2">
          {c.tiers.map((t) => {
            const sold = priceAt(t, c.interval) !== undefined;
            return (
              <label
                key={t.id}
                className={`flex items-start gap-3 rounded-lg border border-slate-300 p-3 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-500 ${
                  sold ? "cursor-pointer" : "opacity-60"
                }`}
              >
                <input
                  type="radio"
                  name="tier"
                  value={t.id}
                  checked={c.tier === t.id}
                  disabled={!sold}
                  onChange={() => c.setTier(t.id)}
                  className="mt-0.5 accent-brand-600"
                />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap justify-between gap-x-2 font-semibold text-slate-900">
                    <span>{t.name}</span>
                    {c.intervals.map((i) => {
                      const amount = priceAt(t, i);
                      return (
                        <span key={i} data-per={single ? undefined : i} className="font-semibold">
                          {amount === undefined
                            ? `Not sold ${INTERVAL_NAME[i].toLowerCase()}`
                            : formatRecurring(amount, currency, i)}
                        </span>
                      );
                    })}
                  </span>
                  {t.description && <span className="mt-0.5 block text-slate-600">{t.description}</span>}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
