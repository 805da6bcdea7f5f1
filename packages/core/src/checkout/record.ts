import { CheckoutEntity, UserEntity, type CheckoutItem } from "../db/entities";
import { UnavailableError } from "../errors";
import { transact } from "../product/store";
import { openCheckoutOf } from "./open";
import { bundleSnapshot, type BundleItemSnapshot } from "../product/bundle-items";
import type { Attribution } from "../traffic/source";

/**
 * Payloft's record of a checkout it created (rule: Our checkouts only): the single source of what is sold
 * and charged. Fulfilment, the success pages and plan changes read product, amount and
 * currency from here, never from a provider's metadata; a provider event about a checkout
 * with no record changes nothing. Later steps (discount codes, pay what you want, currencies,
 * tax) write their outcome here when the checkout is created.
 */
export interface ProductSnapshot {
  name: string;
  description: string;
  /** cents, the product's price when the checkout began */
  price: number;
  /** What the buyer receives: delivered even if the product is deleted later (rule: Paid means delivered). */
  content_url?: string;
  /** A hosted file instead of a link: its bucket key and the name it downloads as. */
  content_file?: string;
  content_file_name?: string;
  /** Each purchase gets its own licence key. */
  license_keys?: boolean;
  creator_name: string;
  /** A bundle's items as sold (rule: Bundles). */
  bundle_items?: BundleItemSnapshot[];
}

export interface NewCheckout {
  /** The provider's checkout id (Stripe Checkout Session, PayPal order): also the record's key. */
  session_id: string;
  kind: "product" | "plan" | "lifetime" | "membership";
  /** free: a claim of a free product (./claim.ts): no provider is involved. */
  provider: "stripe" | "paypal" | "free";
  /** The provider's own id when the key is Payloft's (PayPal: the order id). */
  provider_ref?: string;
  /** cents: exactly what the buyer is asked to pay */
  amount: number;
  /** cents: the product's price, when a discount code or the buyer's own amount changed the charge */
  list_price?: number;
  /** The discount code applied (upper-case), if any. */
  discount_code?: string;
  currency: string;
  /** The provider adds tax on top of `amount` (Stripe Tax); it is confirmed, not known, in advance. */
  automatic_tax?: boolean;
  /** When the provider stops accepting payment for it (ISO). */
  session_expires_at?: string;
  /** The seller's credentials it was created with (integration/credentials.ts). */
  credential_id?: string;
  /** The discount use reserved for it (discount/redeem.ts). */
  discount_reservation?: { discount_id: string; id: string; holder?: string; shard?: string };
  buyer_email?: string;
  product_id?: string;
  creator_id?: string;
  product_snapshot?: ProductSnapshot;
  /** Several products in one payment: one line each (the first is also `product_id` and `product_snapshot`). */
  line_items?: LineItem[];
  /** The sales-page visit it began from: its sale is credited to that source (core/src/traffic). */
  visit?: Attribution;
  /** The affiliate who referred the buyer and the commission rate at this moment (core/src/affiliate). */
  affiliate_id?: string;
  affiliate_percent?: number;
  /** A membership's tier id, interval and trial (./membership.ts). */
  tier?: string;
  interval?: string;
  trial_days?: number;
  user_id?: string;
  plan?: string;
  billing_cycle?: string;
}

/** One line of a checkout that sells several products (an order bump, a cart). */
export interface LineItem {
  product_id: string;
  /** minor units, net of tax: what this line charges */
  amount: number;
  list_price: number;
  discount_code?: string;
  role?: string;
  product_snapshot: ProductSnapshot;
}

/** A priced line (./lines.ts) as the record keeps it. */
export const lineItemOf = (l: {
  product: { id: string };
  amount: number;
  list_price: number;
  discount_code?: string;
  role?: string;
  snapshot: ProductSnapshot;
}): LineItem => ({
  product_id: l.product.id,
  amount: l.amount,
  list_price: l.list_price,
  ...(l.discount_code ? { discount_code: l.discount_code } : {}),
  ...(l.role ? { role: l.role } : {}),
  product_snapshot: l.snapshot,
});

/** The product as it is sold now: what the buyer receives even if it changes or goes away. */
export async function productSnapshot(product: {
  name: string;
  description?: string;
  price: number;
  content_url?: string;
  content_file?: string;
  content_file_name?: string;
  license_keys?: boolean;
  creator_id: string;
  currency?: string;
  type?: "standard" | "bundle";
  bundle_product_ids?: string[];
}): Promise<ProductSnapshot> {
  const [creator, bundle_items] = await Promise.all([
    UserEntity.get({ id: product.creator_id })
      .go({ attributes: ["name"] })
      .then((r) => r.data),
    bundleSnapshot(product),
  ]);
  return {
    name: product.name,
    description: product.description ?? "",
    price: product.price,
    content_url: product.content_url,
    content_file: product.content_file,
    content_file_name: product.content_file_name,
    license_keys: product.license_keys ?? false,
    creator_name: creator?.name ?? "",
    ...(bundle_items ? { bundle_items } : {}),
  };
}

/**
 * Records the checkout. One a provider can take money for (a product checkout on Stripe or
 * PayPal) is also marked open, in the same transaction, until it is recorded as a sale or
 * closed unpaid: the checkout reconciler looks at it after its deadline (./open.ts).
 */
export async function recordCheckout(c: NewCheckout): Promise<void> {
  const item = { ...c, currency: c.currency.toLowerCase() };
  const open = openCheckoutOf(item);
  if (!open) {
    await CheckoutEntity.create(item).go();
    return;
  }
  // Every open checkout shares one partition (the reconciler reads them by due time), so a
  // launch's checkouts can be throttled or collide there: retried with backoff, then a 503
  // the buyer can retry, never a 500.
  const codes = await transact(({ checkout, openCheckout }) => [
    checkout.create(item).commit(),
    openCheckout.create(open).commit(),
  ]);
  if (codes) throw new UnavailableError("Payloft is temporarily unavailable. Please try again in a moment.");
}

export async function findCheckout(sessionId: string): Promise<CheckoutItem | null> {
  return (await CheckoutEntity.get({ session_id: sessionId }).go()).data;
}

/** Lifetime checkouts recorded before `kind: lifetime` existed were `plan` with plan `lifetime`. */
export const isLifetimeCheckout = (c: Pick<CheckoutItem, "kind" | "plan">) =>
  c.kind === "lifetime" || (c.kind === "plan" && c.plan === "lifetime");

/** Epoch seconds (as providers give them) as the ISO time the record keeps. */
export const isoFromSeconds = (s: number | null | undefined) => (s ? new Date(s * 1000).toISOString() : undefined);
