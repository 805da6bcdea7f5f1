import { CustomerEntity, Db, ProductEntity } from "../db/entities";
import { revenueField, salesOf, spentField } from "../currency/index";
import { newLicenseKey } from "../license/key";
import { AGAIN, backoff, retry } from "../retry";
import { dimensionsOf, trafficScope } from "../traffic/dimensions";
import type { Attribution } from "../traffic/source";

/**
 * The purchase and every figure it moves, written in ONE DynamoDB transaction: the purchase
 * itself (conditional on its id, the checkout session id, so it exists at most once), the
 * product's sales/revenue, the seller's customer record, the platform buyer aggregate, the
 * running counters, today's daily figures and, when the checkout recorded the visit it began
 * from, that visit's traffic items (source, referrer, campaign). Counters use update().add()
 * (creates missing items without resetting other totals).
 */
export interface NewPurchase {
  id: string;
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
}

const codesOf = (data: { code?: string }[]) => data.map((d) => d.code ?? "None");
const scopes = (creatorId: string, productId: string) => [`creator#${creatorId}`, `product#${productId}`, "platform"];
/** The traffic items a sale (or its reversal) moves: none when no visit was recorded. */
const trafficItems = (creatorId: string, date: string, visit: Attribution | undefined) =>
  visit
    ? dimensionsOf(visit).map(([dimension, value]) => ({ scope: trafficScope(creatorId), date, dimension, value }))
    : [];

/**
 * "created" when this call recorded it; "exists" when the session was already fulfilled. A
 * product deleted since the checkout began still gets its sale (from the snapshot) without
 * its own figures, which are gone with it (rule: Paid means delivered).
 */
export function recordPurchase({ license_keys, ...p }: NewPurchase): Promise<"created" | "exists"> {
  return retry<"created" | "exists">(
    async () => {
      // A fresh key on each attempt: a (never yet seen) collision with another key just retries.
      const license_key = license_keys ? newLicenseKey() : undefined;
      // "customers +1 only when new": decided from this read, enforced by the create's condition.
      const [customer, product] = await Promise.all([
        CustomerEntity.get({ creator_id: p.creator_id, email: p.customer_email }).go(),
        ProductEntity.get({ id: p.product_id }).go({ attributes: ["id"] }),
      ]);
      const known = customer.data;
      const productExists = !!product.data;
      const now = new Date().toISOString();
      const date = now.slice(0, 10);
      // Each currency's revenue has its own attribute, so dollars and euros are never added up.
      const revenue = revenueField(p.currency);
      const spent = spentField(p.currency);
      const result = await Db.transaction
        .write(({ purchase, product, customer, buyer, counter, daily, traffic, licenseKey }) => [
          purchase.create({ ...p, license_key, status: "completed" }).commit(),
          // Conditional on the product existing (patch): deleted in between → decided again below.
          ...(productExists
            ? [product.patch({ id: p.product_id }).add({ sales_count: 1, total_revenue: p.amount }).commit()]
            : []),
          known
            ? customer
                .patch({ creator_id: p.creator_id, email: p.customer_email })
                .add({ total_purchases: 1, [spent]: p.amount, products: [p.product_name] })
                .set({ last_purchase_at: now })
                .commit()
            : customer
                .create({
                  creator_id: p.creator_id,
                  email: p.customer_email,
                  total_purchases: 1,
                  total_spent: 0,
                  [spent]: p.amount,
                  products: [p.product_name],
                  last_purchase_at: now,
                })
                .commit(),
          buyer
            .update({ email: p.customer_email })
            .add({ total_purchases: 1, [spent]: p.amount, creators: [p.creator_id] })
            .set({ last_purchase_at: now })
            .commit(),
          counter
            .update({ scope: `creator#${p.creator_id}` })
            .add({ sales: 1, ...salesOf(p.currency, 1), [revenue]: p.amount, customers: known ? 0 : 1 })
            .commit(),
          counter
            .update({ scope: "platform" })
            .add({ sales: 1, ...salesOf(p.currency, 1), [revenue]: p.amount })
            .commit(),
          ...scopes(p.creator_id, p.product_id).map((scope) =>
            daily
              .update({ scope, date })
              .add({ sales: 1, [revenue]: p.amount })
              .commit(),
          ),
          // Traffic analytics: the sale counts where its visit came from, on the day it was paid.
          ...trafficItems(p.creator_id, date, p.visit).map((key) =>
            traffic
              .update(key)
              .add({ sales: 1, [revenue]: p.amount })
              .commit(),
          ),
          // Last, so the codes above keep their places.
          ...(license_key
            ? [licenseKey.create({ key: license_key, purchase_id: p.id, product_id: p.product_id }).commit()]
            : []),
        ])
        .go();
      if (!result.canceled) return "created";
      const codes = codesOf(result.data);
      if (codes[0] === "ConditionalCheckFailed") return "exists";
      // The product was deleted, a concurrent first purchase created the customer, or
      // transactions collided: read again and decide again.
      return AGAIN;
    },
    contention(`could not record purchase ${p.id}: too much contention`),
  );
}

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
 * Takes a sale back (refund or dispute): marks the purchase and reverses everything it counted,
 * once, conditional on the purchase still being completed (a refund after a dispute, or a
 * second dispute, changes nothing). Reversed on the day the sale was counted, so a day's
 * figures stay the net of its own sales. A deleted product's own figures are gone with it.
 */
export async function recordReversal(p: StoredPurchase, kind: Reversal): Promise<Reversal | "already"> {
  const date = p.created_at.slice(0, 10);
  const now = new Date().toISOString();
  const revenue = revenueField(p.currency ?? "usd");
  const spent = spentField(p.currency ?? "usd");
  return retry<Reversal | "already">(
    async () => {
      const productExists = !!(await ProductEntity.get({ id: p.product_id }).go({ attributes: ["id"] })).data;
      const result = await Db.transaction
        .write(({ purchase, product, customer, buyer, counter, daily, traffic }) => [
          purchase
            .patch({ id: p.id })
            .set(kind === "refunded" ? { status: kind, refunded_at: now } : { status: kind, disputed_at: now })
            .where((a, op) => op.eq(a.status, "completed"))
            .commit(),
          // patch: conditional on the product existing, so a deleted one is never recreated.
          ...(productExists
            ? [product.patch({ id: p.product_id }).add({ sales_count: -1, total_revenue: -p.amount }).commit()]
            : []),
          customer
            .update({ creator_id: p.creator_id, email: p.customer_email })
            .add({ total_purchases: -1, [spent]: -p.amount })
            .commit(),
          buyer
            .update({ email: p.customer_email })
            .add({ total_purchases: -1, [spent]: -p.amount })
            .commit(),
          counter
            .update({ scope: `creator#${p.creator_id}` })
            .add({ sales: -1, ...salesOf(p.currency ?? "usd", -1), [revenue]: -p.amount })
            .commit(),
          counter
            .update({ scope: "platform" })
            .add({ sales: -1, ...salesOf(p.currency ?? "usd", -1), [revenue]: -p.amount })
            .commit(),
          ...scopes(p.creator_id, p.product_id).map((scope) =>
            daily
              .update({ scope, date })
              .add({ sales: -1, [revenue]: -p.amount })
              .commit(),
          ),
          // Traffic figures are net of refunds and disputes too, like every other sales figure.
          ...trafficItems(p.creator_id, date, p.visit).map((key) =>
            traffic
              .update(key)
              .add({ sales: -1, [revenue]: -p.amount })
              .commit(),
          ),
        ])
        .go();
      if (!result.canceled) return kind;
      if (codesOf(result.data)[0] === "ConditionalCheckFailed") return "already";
      // The product was deleted meanwhile, or transactions collided: read again and retry.
      return AGAIN;
    },
    contention(`could not record the ${kind} sale ${p.id}: too much contention`),
  );
}
