import { IconCheck } from "@/components/ui/icons";
import { formatCents } from "@/lib/money";

/** An item of a bundle as its sales page lists it: no content, only what it sells for alone. */
export interface BundleItemView {
  id: string;
  name: string;
  price: number;
}

/**
 * A bundle's "What's inside" (rule: Bundles): each item with its own price, their sum, and what
 * the bundle saves against it, all in the bundle's currency. Rendered on the server too: it
 * uses no state and no effects. Nothing shows for a standard product.
 */
export function BundleContents({
  items,
  price,
  currency,
}: {
  items: BundleItemView[];
  price: number;
  currency: string;
}) {
  if (!items.length) return null;
  const worth = items.reduce((sum, item) => sum + item.price, 0);
  const saving = worth - price;
  return (
    <section aria-labelledby="bundle-contents" className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
      <h2 id="bundle-contents" className="text-xl font-bold text-slate-900">
        What's inside ({items.length} products)
      </h2>
      <ul className="mt-4 divide-y divide-slate-100" data-testid="bundle-contents">
        {items.map((item) => (
          <li key={item.id} className="flex items-start justify-between gap-4 py-3">
            <span className="flex min-w-0 gap-2.5">
              <IconCheck className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" />
              <span className="break-words font-medium text-slate-900">{item.name}</span>
            </span>
            <span className="shrink-0 text-slate-600">{formatCents(item.price, currency)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-t border-slate-200 pt-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Bought separately</dt>
          <dd className="text-slate-600 line-through" data-testid="bundle-worth">
            {formatCents(worth, currency)}
          </dd>
        </div>
        <div className="flex justify-between gap-4 text-base font-semibold">
          <dt className="text-slate-900">This bundle</dt>
          <dd className="text-slate-900">{formatCents(price, currency)}</dd>
        </div>
      </dl>
      {saving > 0 && (
        <p className="pt-1 text-right text-sm font-semibold text-emerald-700" data-testid="bundle-saving">
          You save {formatCents(saving, currency)}
        </p>
      )}
    </section>
  );
}
