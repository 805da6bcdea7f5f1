import type { CheckoutItem, PurchaseItem } from "../db/entities";
import { PurchaseEntity } from "../db/entities";
import type { LineItem } from "../checkout/record";

/**
 * One payment, several purchases (an order bump, a cart): the order. Its id is its checkout's
 * id, which is also the id of its first purchase, so everything that knew one purchase per
 * checkout (the success page, a refund event naming the checkout, the fan-out) still finds the
 * first one; the others are `{order}-2`, `{order}-3`, … Each purchase keeps its own amount, and
 * their sum is what the checkout record charged (before tax).
 */
export const purchaseIdOf = (orderId: string, index: number) => (index === 0 ? orderId : `${orderId}-${index + 1}`);

/** The order a purchase belongs to: itself when it was its payment's only purchase. */
export const orderIdOf = (p: Pick<PurchaseItem, "id" | "order_id">) => p.order_id ?? p.id;

/** The lines a checkout sold: its line items, or the one product of a checkout from before orders. */
export function linesOf(record: CheckoutItem): LineItem[] | null {
  if (record.line_items?.length) return record.line_items as LineItem[];
  if (!record.product_id || !record.product_snapshot) return null;
  return [
    {
      product_id: record.product_id,
      amount: record.amount ?? 0,
      list_price: record.list_price ?? record.amount ?? 0,
      product_snapshot: record.product_snapshot,
    },
  ];
}

/**
 * The provider's tax on the whole payment, shared between the lines in proportion to their
 * amounts (largest remainders get the odd minor units), so the shares add up to it exactly.
 */
export function shareTax(amounts: number[], tax: number): number[] {
  const total = amounts.reduce((s, a) => s + a, 0);
  if (!tax || !total) return amounts.map(() => 0);
  const exact = amounts.map((a) => (a * tax) / total);
  const shares = exact.map(Math.floor);
  let left = tax - shares.reduce((s, a) => s + a, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** Every purchase of the order `first` belongs to (first included), read consistently. */
export async function purchasesOfOrder(first: PurchaseItem): Promise<PurchaseItem[]> {
  const size = first.order_size ?? 1;
  if (size <= 1) return [first];
  const orderId = orderIdOf(first);
  const ids = Array.from({ length: size }, (_, i) => ({ id: purchaseIdOf(orderId, i) }));
  const { data } = await PurchaseEntity.get(ids).go({ consistent: true });
  return ids.map(({ id }) => data.find((p) => p.id === id)).filter((p): p is PurchaseItem => !!p);
}
