import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { Select } from "@/components/ui/Select";
import { useProducts } from "@/features/products/api/useProducts";
import { currencySymbol, formatCents } from "@/lib/money";
import { toMinor } from "@payloft/core/currency/units";

/**
 * The order bump (rule: Order bumps): another of the creator's one-time products in this
 * product's currency, offered under Buy as "Add {name} for {price}" at the bump price typed here.
 * The server checks the same rules again (core/product/order-bump.ts); this only leaves out what
 * it would refuse.
 */
export function OrderBumpPicker({
  productId,
  price,
  currency,
  selfId,
  step,
  onProduct,
  onPrice,
}: {
  productId: string;
  /** As typed, in the currency's major unit. */
  price: string;
  currency: string;
  selfId?: string;
  step: number;
  onProduct: (id: string) => void;
  onPrice: (text: string) => void;
}) {
  const products = useProducts();
  const offers = (products.data ?? []).filter(
    (p) => p.id !== selfId && (p.billing ?? "one_time") === "one_time" && (p.currency || "usd") === currency,
  );
  const code = currency.toUpperCase();
  const symbol = currencySymbol(currency);
  const chosen = offers.find((p) => p.id === productId);
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-900">Order bump</legend>
      <p className="text-xs text-slate-500">
        Offer one more of your {code} products under the Buy button, as a checkbox. One payment buys both.
      </p>
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
        <Field label="Offer product">
          <Select
            name="order_bump_product_id"
            value={chosen ? productId : ""}
            onChange={(e) => onProduct(e.target.value)}
            options={[
              { value: "", label: products.isPending ? "Loading your products…" : "No order bump" },
              ...offers.map((p) => ({ value: p.id, label: `${p.name} (${formatCents(p.price, currency)})` })),
            ]}
          />
        </Field>
        {chosen && (
          <Field label={`Bump price (${code})`} required>
            <div className="relative">
              <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-slate-500">
                {symbol}
              </span>
              <Input
                name="order_bump_price"
                type="number"
                inputMode="decimal"
                min={0}
                step={step}
                required
                className={symbol.length > 1 ? "pl-11" : "pl-7"}
                value={price}
                onChange={(e) => onPrice(e.target.value)}
              />
            </div>
          </Field>
        )}
      </div>
      {chosen && (
        <p className="text-xs text-slate-600" aria-live="polite" data-testid="order-bump-preview">
          Buyers see: “Add {chosen.name} for {formatCents(toMinor(Number(price) || 0, currency), currency)}”
        </p>
      )}
    </fieldset>
  );
}
