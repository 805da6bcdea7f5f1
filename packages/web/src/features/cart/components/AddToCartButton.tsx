import { useSyncExternalStore } from "react";
import { buttonClasses } from "@/components/ui/Button";
import { toast } from "@/components/ui/toast";
import { CART_MAX_ITEMS, useCart, type CartItem } from "@/lib/cart";
import { OPEN_CART } from "./CartButton";

/** True once the page runs in the browser: a page without JavaScript has no cart. */
const useHydrated = () =>
  useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );

/**
 * "Add to cart" for one of the creator's products (rule: Carts); once it is in the cart,
 * "In your cart" opens the cart. `disabled`: a pay-what-you-want amount under its minimum.
 */
export function AddToCartButton({
  creatorId,
  item,
  disabled,
  size = "md",
  className = "",
}: {
  creatorId: string;
  item: CartItem;
  disabled?: boolean;
  size?: "sm" | "md" | "lg";
  className?: string;
}) {
  const cart = useCart(creatorId);
  // Before JavaScript runs (the server's HTML, and hydration) the button keeps its place, invisible
  // and inert (visibility: hidden: not seen, not focused, not read out): appearing later, it
  // would push what is under it down (layout shift: the store page's CLS budget is 0).
  const waiting = !useHydrated();
  const inCart = cart.items.find((i) => i.productId === item.productId);
  // A pay-what-you-want item whose amount changed since: adding again keeps the new amount.
  const same = inCart && inCart.price === item.price;
  return (
    <button
      type="button"
      disabled={disabled || waiting}
      aria-hidden={waiting || undefined}
      className={buttonClasses(same ? "ghost" : "secondary", size, `w-full ${waiting ? "invisible" : ""} ${className}`)}
      onClick={() => {
        if (same) return window.dispatchEvent(new Event(OPEN_CART));
        if (!cart.add(item)) return toast(`Your cart holds at most ${CART_MAX_ITEMS} items.`, "error");
        toast(`${item.name} added to your cart`, "success");
      }}
    >
      {same ? "In your cart ✓" : inCart ? "Update cart" : "Add to cart"}
      {/* The visible words first, then which product: its accessible name starts as it reads. */}
      <span className="sr-only">: {item.name}</span>
    </button>
  );
}
