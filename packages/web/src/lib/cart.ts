import { useSyncExternalStore } from "react";
import { visitOf, type Visit } from "@/lib/visit";

/**
 * The buyer's cart (rule: Carts), kept in this browser per creator: one creator's products check
 * out together in one payment (POST /api/checkout/create-session {items}), so each creator's
 * store and sales pages share one cart and another creator's are apart. Nothing is sent until
 * Checkout; the server checks every item again (currency, creator, membership, price).
 */
export interface CartItem {
  productId: string;
  name: string;
  /** Minor units of `currency`: the price, or the amount chosen for a pay-what-you-want product. */
  price: number;
  currency: string;
  /** A pay-what-you-want product: the chosen amount is sent with it. */
  payWhatYouWant?: boolean;
  /** The visit of the page it was added from (lib/visit.ts), kept for the checkout: traffic analytics. */
  visit?: Visit;
}

/** The create-session limit (core/checkout/lines.ts). */
export const CART_MAX_ITEMS = 20;
const PREFIX = "payloft.cart.";
const CHANGED = "payloft:cart";
const EMPTY: CartItem[] = [];

const keyOf = (creatorId: string) => `${PREFIX}${creatorId}`;

function read(key: string): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(key) ?? "[]");
    return Array.isArray(parsed) ? (parsed as CartItem[]).filter((i) => i && typeof i.productId === "string") : EMPTY;
  } catch {
    return EMPTY; // storage off (a private window) or a value from something else: an empty cart
  }
}

// useSyncExternalStore wants the same array while nothing changed: one parsed copy per stored text.
const cache = new Map<string, { text: string | null; items: CartItem[] }>();
function snapshot(key: string): CartItem[] {
  let text: string | null = null;
  try {
    text = window.localStorage.getItem(key);
  } catch {
    return EMPTY;
  }
  const kept = cache.get(key);
  if (kept && kept.text === text) return kept.items;
  const items = text ? read(key) : EMPTY;
  cache.set(key, { text, items });
  return items;
}

function write(creatorId: string, items: CartItem[]) {
  try {
    if (items.length) window.localStorage.setItem(keyOf(creatorId), JSON.stringify(items));
    else window.localStorage.removeItem(keyOf(creatorId));
  } catch {
    // storage is off: the cart lasts as long as nothing re-reads it
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void) {
  // Another tab's change arrives as `storage`; this tab's own as CHANGED.
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

export interface Cart {
  items: CartItem[];
  has: (productId: string) => boolean;
  /** Adds (or updates the amount of) an item; false when the cart is full. */
  add: (item: CartItem) => boolean;
  remove: (productId: string) => void;
  clear: () => void;
}

/** The creator's cart; the server-rendered page and its first render in the browser see it empty. */
export function useCart(creatorId: string): Cart {
  const key = keyOf(creatorId);
  const items = useSyncExternalStore(
    subscribe,
    () => snapshot(key),
    () => EMPTY,
  );
  return {
    items,
    has: (id) => items.some((i) => i.productId === id),
    add: (item) => {
      const now = snapshot(key);
      const rest = now.filter((i) => i.productId !== item.productId);
      if (rest.length >= CART_MAX_ITEMS) return false;
      // Where the buyer came from is taken when they add, not at checkout: by then they may have
      // browsed on through pages whose address no longer carries the link's utm_* tags.
      const visit = now.find((i) => i.productId === item.productId)?.visit ?? visitOf(item.productId);
      write(creatorId, [...rest, { ...item, visit }]);
      return true;
    },
    remove: (id) =>
      write(
        creatorId,
        snapshot(key).filter((i) => i.productId !== id),
      ),
    clear: () => write(creatorId, []),
  };
}

/** Paid: the bought products leave every cart of this browser (the success page knows only their ids). */
export function removeBought(productIds: string[]) {
  try {
    for (let i = window.localStorage.length - 1; i >= 0; i--) {
      const key = window.localStorage.key(i);
      if (!key?.startsWith(PREFIX)) continue;
      const items = read(key);
      const left = items.filter((item) => !productIds.includes(item.productId));
      if (left.length !== items.length) write(key.slice(PREFIX.length), left);
    }
  } catch {
    // storage is off: there is no cart to tidy
  }
}
