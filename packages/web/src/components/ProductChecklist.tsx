/**
 * "Which products": a scrolling list of the creator's products to tick, none ticked meaning all
 * of them (a discount code, an affiliate's invitation). The products come from the caller, so
 * shared components stay free of features.
 */
export function ProductChecklist({
  products,
  picked,
  onChange,
  hint,
}: {
  products: { id: string; name: string }[] | undefined;
  picked: string[];
  onChange: (picked: string[]) => void;
  /** What leaving every box unticked means, in the caller's words. */
  hint: string;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Products</legend>
      <p className="text-xs text-slate-500">{hint}</p>
      <div className="max-h-40 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
        {(products ?? []).map((p) => (
          <label key={p.id} className="flex items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-slate-50">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-600"
              checked={picked.includes(p.id)}
              onChange={(e) => onChange(e.target.checked ? [...picked, p.id] : picked.filter((id) => id !== p.id))}
            />
            <span className="truncate">{p.name}</span>
          </label>
        ))}
        {products?.length === 0 && <p className="px-1.5 py-1 text-sm text-slate-500">No products yet.</p>}
      </div>
    </fieldset>
  );
}
