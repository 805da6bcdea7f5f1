import { formatCents } from "@/lib/money";
import type { OrderBumpChoice } from "@/features/sales-page/lib/useOrderBump";

/**
 * The order bump's checkbox under Buy (rule: Order bumps): "Add {name} for {price}", the price in
 * the product's currency. It sits inside the Buy form with name="order_bump", so a page that runs
 * no JavaScript (yet) posts it too; hydrated, the choice rides in the create-session body.
 */
export function OrderBumpField({ bump, currency }: { bump: OrderBumpChoice; currency?: string }) {
  const { offer, checked, setChecked } = bump;
  return (
    <label
      data-testid="order-bump"
      className="mt-3 flex cursor-pointer items-start gap-3 rounded-xl border-2 border-dashed border-brand-300 bg-brand-50/60 p-3 text-sm text-slate-800 hover:bg-brand-50"
    >
      <input
        type="checkbox"
        name="order_bump"
        value="true"
        className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
        checked={checked}
        onChange={(e) => setChecked(e.target.checked)}
      />
      <span className="min-w-0 break-words">
        <span className="font-semibold text-slate-900">
          Add {offer.name} for {formatCents(offer.price, currency)}
        </span>
        <span className="block text-xs text-slate-600">One payment for both; each arrives with its own link.</span>
      </span>
    </label>
  );
}
