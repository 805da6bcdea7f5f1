import { useProducts } from "@/features/products/api/useProducts";
import { formatCents } from "@/lib/money";

export const MIN_ITEMS = 2;
export const MAX_ITEMS = 20;

/**
 * The bundle type's item picker (rule: Bundles): the creator's own one-time products in the
 * bundle's currency, as checkboxes, with their sum so the price can be set below it. The server
 * checks the same rules again; this only leaves out what it would refuse.
 */
export function BundlePicker({
  selected,
  onChange,
  currency,
  selfId,
}: {
  selected: string[];
  onChange: (ids: string[]) => void;
  currency: string;
  selfId?: string;
}) {
  const products = useProducts();
  const choices = (products.data ?? []).filter(
    (p) =>
      p.id !== selfId &&
      (p.type ?? "standard") === "standard" &&
      (p.billing ?? "one_time") === "one_time" &&
      (p.currency || "usd") === currency,
  );
  const worth = choices.filter((p) => selected.includes(p.id)).reduce((sum, p) => sum + p.price, 0);
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((x) => x !== id));
  return (
    <fieldset className="space-y-2 rounded-xl border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-900">
        Products in this bundle <span className="text-red-600">*</span>
      </legend>
      <p className="text-xs text-slate-500" id="bundle-picker-hint">
        Pick {MIN_ITEMS} to {MAX_ITEMS} of your one-time products in {currency.toUpperCase()}. Buyers get each one's
        link.
      </p>
      {products.isPending ? (
        <p className="text-sm text-slate-500">Loading your products…</p>
      ) : !choices.length ? (
        <p className="text-sm text-slate-600">
          You have no one-time products in {currency.toUpperCase()} yet. Create them first, then bundle them.
        </p>
      ) : (
        <ul className="max-h-56 space-y-1 overflow-y-auto" aria-describedby="bundle-picker-hint">
          {choices.map((p) => (
            <li key={p.id}>
              <label className="flex items-center justify-between gap-3 rounded-lg px-2 py-1.5 text-sm hover:bg-slate-50">
                <span className="flex min-w-0 items-center gap-2.5">
                  <input
                    type="checkbox"
                    name="bundle_product_ids"
                    value={p.id}
                    className="h-4 w-4 shrink-0 accent-brand-600"
                    checked={selected.includes(p.id)}
                    disabled={!selected.includes(p.id) && selected.length >= MAX_ITEMS}
                    onChange={(e) => toggle(p.id, e.target.checked)}
                  />
                  <span className="truncate text-slate-900">{p.name}</span>
                </span>
                <span className="shrink-0 text-slate-500">{formatCents(p.price, currency)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-600" aria-live="polite" data-testid="bundle-picked">
        {selected.length} selected{selected.length ? ` · worth ${formatCents(worth, currency)} separately` : ""}
      </p>
    </fieldset>
  );
}
