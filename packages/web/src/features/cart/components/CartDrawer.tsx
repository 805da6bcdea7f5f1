import { useId, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { IconX } from "@/components/ui/icons";
import { ApiError } from "@/lib/api";
import type { Cart } from "@/lib/cart";
import { formatCents } from "@/lib/money";
import { cartRequest, useCartCheckout } from "@/features/cart/api/useCartCheckout";

/** The cart's total, one line per currency (never a sum across them; the server refuses a mix). */
function totals(cart: Cart): { currency: string; amount: number }[] {
  const by = new Map<string, number>();
  for (const i of cart.items) by.set(i.currency, (by.get(i.currency) ?? 0) + i.price);
  return [...by].map(([currency, amount]) => ({ currency, amount }));
}

/**
 * The cart (rule: Carts): its items with Remove, the total in their currency, a discount code
 * and Checkout, which opens one payment for them all. What the server refuses (mixed currencies,
 * a membership with others, a code that covers nothing…) is its own sentence, shown here.
 */
export function CartDrawer({ cart, open, onClose }: { cart: Cart; open: boolean; onClose: () => void }) {
  const checkout = useCartCheckout();
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const codeId = useId();
  const sums = totals(cart);
  const go = () => {
    setProblem(null);
    checkout.mutate(cartRequest(cart.items, code), {
      onSuccess: (res) =>
        res.url ? window.location.assign(res.url) : setProblem(res.error || "Failed to create checkout session"),
      onError: (err) =>
        setProblem(err instanceof ApiError ? err.message : err.message || "Please try again in a moment."),
    });
  };
  const n = cart.items.length;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Your cart (${n} ${n === 1 ? "item" : "items"})`}
      description={n ? "One payment for everything in it; each item arrives with its own link." : undefined}
      dismissible={!checkout.isPending}
      footer={
        n > 0 && (
          <Button
            fullWidth
            size="lg"
            loading={checkout.isPending || checkout.isSuccess}
            onClick={go}
            data-testid="cart-checkout"
          >
            {checkout.isPending || checkout.isSuccess ? "Processing..." : "Checkout"}
          </Button>
        )
      }
    >
      {n === 0 ? (
        <p className="py-6 text-center text-slate-600">Your cart is empty.</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100" aria-label="Items in your cart">
            {cart.items.map((item) => (
              <li key={item.productId} data-testid="cart-item" className="flex items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium text-slate-900">{item.name}</p>
                  {item.payWhatYouWant && <p className="text-xs text-slate-500">Your price</p>}
                </div>
                <p className="shrink-0 font-semibold text-slate-900">{formatCents(item.price, item.currency)}</p>
                <button
                  type="button"
                  onClick={() => cart.remove(item.productId)}
                  aria-label={`Remove ${item.name} from your cart`}
                  className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  <IconX className="h-4 w-4" />
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-2 flex items-start justify-between gap-3 border-t border-slate-200 pt-3">
            <p className="font-semibold text-slate-900">Total</p>
            <p className="text-right text-lg font-bold text-slate-900" data-testid="cart-total">
              {sums.map((s) => (
                <span key={s.currency} className="block">
                  {formatCents(s.amount, s.currency)}
                </span>
              ))}
            </p>
          </div>
          {sums.length > 1 && (
            <p className="mt-1 text-xs text-slate-500">Items in different currencies can't be paid together.</p>
          )}
          <div className="mt-4">
            <label htmlFor={codeId} className="text-sm font-medium text-slate-900">
              Discount code <span className="font-normal text-slate-500">(optional)</span>
            </label>
            <input
              id={codeId}
              name="discount_code"
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setProblem(null);
              }}
              autoComplete="off"
              maxLength={64}
              className="mt-1.5 block h-10 w-full rounded-lg border border-slate-300 px-3 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
              placeholder="Applied to the items it covers"
            />
          </div>
          {problem && (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {problem}
            </p>
          )}
        </>
      )}
    </Dialog>
  );
}
