import { lazy, Suspense, useEffect, useState } from "react";
import { useCart } from "@/lib/cart";

// The drawer (with the dialog and its focus trap) is code a buyer needs only once they open the
// cart: the sales page does not download it with its own code (budget: docs/performance.md,
// "Sales page weight"). Pointing at or focusing the button starts the download early.
const loadDrawer = () => import("./CartDrawer");
const CartDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.CartDrawer })));

/** Asks the page's cart button to open its drawer (the "In your cart" button does). */
export const OPEN_CART = "payloft:open-cart";

const BagIcon = ({ className }: { className?: string }) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden className={className}>
    <path strokeLinecap="round" strokeLinejoin="round" d="M6 7h12l-1 13H7L6 7Zm3 0a3 3 0 0 1 6 0" />
  </svg>
);

/**
 * The cart's button with its count badge, for the header of the creator's store and sales pages;
 * it opens the cart. Shown once the cart holds something (an empty cart is no news), or always
 * on the store (`always`).
 */
export function CartButton({
  creatorId,
  always,
  tone = "light",
}: {
  creatorId: string;
  always?: boolean;
  tone?: "light" | "dark";
}) {
  const cart = useCart(creatorId);
  const [open, setOpen] = useState(false);
  // Once opened, the drawer stays mounted (closed, it renders nothing) so it keeps a typed code.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  useEffect(() => {
    const show = () => setOpen(true);
    window.addEventListener(OPEN_CART, show);
    return () => window.removeEventListener(OPEN_CART, show);
  }, []);
  const n = cart.items.length;
  if (!n && !always && !open) return null;
  const colours =
    tone === "dark"
      ? "bg-white/15 text-white ring-white/30 hover:bg-white/25"
      : "bg-white text-slate-900 ring-slate-300 hover:bg-slate-50";
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
        aria-label={`Cart, ${n} ${n === 1 ? "item" : "items"}`}
        data-testid="cart-button"
        data-cart
        className={`relative inline-flex h-10 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm font-semibold ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${colours}`}
      >
        <BagIcon className="h-5 w-5" />
        <span className="hidden sm:inline">Cart</span>
        <span
          aria-hidden
          data-testid="cart-count"
          className={`flex h-5 min-w-5 items-center justify-center rounded-full px-1.5 text-xs font-bold ${tone === "dark" ? "bg-white text-brand-700" : "bg-brand-600 text-white"}`}
        >
          {n}
        </span>
      </button>
      {opened && (
        <Suspense fallback={null}>
          <CartDrawer cart={cart} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
