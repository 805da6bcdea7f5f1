import { CustomerEntity, Db, EmailEntity } from "../db/entities";
import { spentField } from "../currency/index";
import { newLicenseKey } from "../license/key";
import { AGAIN, backoff, retry } from "../retry";
import type { Attribution } from "../traffic/source";
import { Access } from "../access/index";
import type { BundleItemSnapshot } from "../product/bundle-items";
import type { ProductSnapshot } from "../checkout/record";

/**
 * The purchase and what only it can decide, written in ONE DynamoDB transaction: the purchase
 * itself (conditional on its id, the checkout session id, so it exists at most once), the
 * seller's customer record (created on a first purchase: the transaction decides who is new)
 * and the platform buyer aggregate, both keyed by the buyer, and the licence key. Every figure
 * the sale moves (the seller's, the product's and the platform's counters, daily and traffic
 * items) follows from the purchase record through the table's stream, exactly once
 * (core/src/tally): no item that every sale of a launch would write is in this transaction.
 */
export interface NewPurchase {
  id: string;
  /** One of several purchases of one payment (./order.ts). */
  order_id?: string;
  order_size?: number;
  product_id: string;
  product_name: string;
  product_description: string;
  content_url?: string;
  content_file?: string;
  content_file_name?: string;
  creator_id: string;
  creator_name: string;
  customer_email: string;
  customer_name?: string;
  customer_user_id?: string;
  /** cents: the price, net of tax: what the seller earns and every revenue figure counts */
  amount: number;
  /** cents: tax collected on top (for the state, not the seller's revenue) */
  tax?: number;
  currency: string;
  /** Who took the money; "free" for a free claim (nobody did). */
  provider: "stripe" | "paypal" | "free";
  payment_intent?: string;
  /** The product is sold with licence keys: this purchase gets a new, unique one. */
  license_keys?: boolean;
  /** The sales-page visit the checkout began from: the sale is credited to it in traffic analytics. */
  visit?: Attribution;
  /** A bundle's items as sold: each gets its own access link, and a licence key where it has keys. */
  bundle_items?: BundleItemSnapshot[];
  /** The affiliate who brought the sale and their commission, minor units of `currency`. */
  affiliate_id?: string;
  affiliate_email?: string;
  commission?: number;
  /** A membership's charge: the membership it pays for, and whether it follows the first sale. */
  membership_id?: string;
  renewal?: boolean;
  /** What a later charge paid for: a new period, or a change of plan (then `plan_name`, the plan it moved to). */
  charge_kind?: "renewal" | "plan_change";
  plan_name?: string;
}

/** What a sale delivers, from the checkout's product snapshot (rule: Paid means delivered). */
export const deliveredFrom = (s: ProductSnapshot) => ({
  product_name: s.name,
  product_description: s.description,
  content_url: s.content_url,
  content_file: s.content_file,
  content_file_name: s.content_file_name,
  license_keys: s.license_keys ?? false,
  creator_name: s.creator_name,
  ...(s.bundle_items ? { bundle_items: s.bundle_items } : {}),
});

/** The Payloft account a buyer's e-mail belongs to, if any: their purchases show in their portal. */
export const accountOfEmail = async (email: string) => (await EmailEntity.get({ email }).go()).data?.user_id;

const codesOf = (data: { code?: string }[]) => data.map((d) => d.code ?? "None");
/** The purchase's figures come from the stream (core/src/tally), set on every write that moves them. */
const FOLDED = 1;

/**
 * "created" when this call recorded it; "exists" when the session was already fulfilled. A
 * product deleted since the checkout began still gets its sale from the snapshot
 * (rule: Paid means delivered); its figures go on its counter, which nobody sees any more.
 * The purchases of one payment (one, or an order's several: ./order.ts), in one transaction:
 * each purchase (conditional on its id), the buyer's customer record and aggregate once with
 * their sum, and each licence key. Either the whole order is recorded or none of it. Its
 * number of writes is ./transaction-size.ts writesToRecord, which checkout holds to DynamoDB's
 * 100: change them together.
 */
export function recordPurchases(list: NewPurchase[]): Promise<"created" | "exists"> {
  const p = list[0]!;
  const total = list.reduce((s, x) => s + x.amount, 0);
  const names = [...new Set(list.map((x) => x.product_name))];
  return retry<"created" | "exists">(
    async () => {
      // A fresh key on each attempt: a (never yet seen) collision with another key just retries.
      const keyed = list.map(({ license_keys, bundle_items, ...x }) => ({
        ...x,
        license_key: license_keys ? newLicenseKey() : undefined,
        items: bundle_items ? deliveryOf(bundle_items) : undefined,
      }));
      // "a new customer" is decided from this read, enforced by the create's condition.
      const known = (await CustomerEntity.get({ creator_id: p.creator_id, email: p.customer_email }).go()).data;
      const now = new Date().toISOString();
      const spent = spentField(p.currency);
      const result = await Db.transaction
        .write(({ purchase, customer, buyer, licenseKey, accessLink }) => [
          // The first purchase alone makes its buyer a new customer: the figure counts people.
          ...keyed.map(({ items, ...x }, i) =>
            purchase
              .create({
                ...x,
                ...(items ? { bundle_items: items } : {}),
                status: "completed",
                tally: FOLDED,
                new_customer: !known && i === 0,
              })
              .commit(),
          ),
          known
            ? customer
                .patch({ creator_id: p.creator_id, email: p.customer_email })
                .add({ total_purchases: list.length, [spent]: total, products: names })
                .set({ last_purchase_at: now })
                .commit()
            : customer
                .create({
                  creator_id: p.creator_id,
                  email: p.customer_email,
                  total_purchases: list.length,
                  total_spent: 0,
                  [spent]: total,
                  products: names,
                  last_purchase_at: now,
                })
                .commit(),
          buyer
            .update({ email: p.customer_email })
            .add({ total_purchases: list.length, [spent]: total, creators: [p.creator_id] })
            .set({ last_purchase_at: now })
            .commit(),
          // Last, so the codes above keep their places.
          ...keyed.flatMap((x) => [
            ...(x.license_key
              ? [licenseKey.create({ key: x.license_key, purchase_id: x.id, product_id: x.product_id }).commit()]
              : []),
            // A bundle's: each item's link and key, written with the purchase (at most 40 more writes).
            ...(x.items ?? []).flatMap((i) => [
              accessLink.create({ token: i.access_token, purchase_id: x.id, product_id: i.product_id }).commit(),
              ...(i.license_key
                ? [licenseKey.create({ key: i.license_key, purchase_id: x.id, product_id: i.product_id }).commit()]
                : []),
            ]),
          ]),
        ])
        .go();
      if (!result.canceled) return "created";
      const codes = codesOf(result.data);
      if (codes.slice(0, list.length).includes("ConditionalCheckFailed")) return "exists";
      // A concurrent first purchase created the customer, or transactions collided (the same
      // buyer twice at once): read again and decide again.
      return AGAIN;
    },
    contention(`could not record purchase ${p.id}: too much contention`),
  );
}

/** A bundle's items as delivered: a fresh link token each, and a fresh key where the item has keys. */
const deliveryOf = (items: BundleItemSnapshot[]) =>
  items.map(({ license_keys, ...i }) => ({
    ...i,
    ...(license_keys ? { license_key: newLicenseKey() } : {}),
    access_token: Access.newToken(),
  }));

const contention = (message: string) => ({
  attempts: 15,
  delayMs: backoff(10, 800),
  exhausted: () => new Error(message),
});

export interface StoredPurchase {
  id: string;
  product_id: string;
  creator_id: string;
  customer_email: string;
  amount: number;
  /** absent on purchases read before currencies existed: usd */
  currency?: string;
  created_at: string;
  visit?: Attribution;
}

export type Reversal = "refunded" | "disputed";

/**
 * Takes a sale back (refund or dispute): marks the purchase, once, conditional on it still being
 * completed (a refund after a dispute, or a second dispute, changes nothing), and takes the sale
 * off its buyer's totals. The figures follow from the stream (core/src/tally), reversed on the
 * day the sale was counted, so a day's figures stay the net of its own sales; `tally` marks
 * the reversal as the fold's to count (also for a sale recorded before the fold existed).
 */
export async function recordReversal(p: StoredPurchase, kind: Reversal): Promise<Reversal | "already"> {
  const now = new Date().toISOString();
  const spent = spentField(p.currency ?? "usd");
  return retry<Reversal | "already">(
    async () => {
      const result = await Db.transaction
        .write(({ purchase, customer, buyer }) => [
          purchase
            .patch({ id: p.id })
            .set({
              ...(kind === "refunded" ? { status: kind, refunded_at: now } : { status: kind, disputed_at: now }),
              tally: FOLDED,
            })
            .where((a, op) => op.eq(a.status, "completed"))
            .commit(),
          customer
            .update({ creator_id: p.creator_id, email: p.customer_email })
            .add({ total_purchases: -1, [spent]: -p.amount })
            .commit(),
          buyer
            .update({ email: p.customer_email })
            .add({ total_purchases: -1, [spent]: -p.amount })
            .commit(),
        ])
        .go();
      if (!result.canceled) return kind;
      if (codesOf(result.data)[0] === "ConditionalCheckFailed") return "already";
      // Transactions collided (the buyer's records): retry.
      return AGAIN;
    },
    contention(`could not record the ${kind} sale ${p.id}: too much contention`),
  );
}
