import { addInterval } from "./prices";
import type { InvoiceLine } from "./invoices";
import { nowSeconds, randomId, type Account, type StripeObject } from "./store";
import type { Sandbox } from "./context";

/**
 * What Stripe does when a subscription item's price (or quantity) changes mid-period, by
 * `proration_behavior`:
 *  - `create_prorations` (the default): two invoice items, a credit for the unused time on the
 *    old price and a charge for the remaining time on the new one, pending until the next invoice;
 *  - `always_invoice`: the same items, invoiced at once;
 *  - `none`: nothing.
 * A change of billing interval (month ↔ year) moves the billing period to start now and
 * invoices at once: the new period's full price less the credit for the unused old time.
 * A trialing subscription has paid nothing, so nothing is prorated and its period stays.
 */
export const PRORATION_BEHAVIORS = ["create_prorations", "none", "always_invoice"] as const;

export interface ItemChange {
  /** The item as it will be stored (its period moved when the interval changed). */
  item: StripeObject;
  invoiceItems: StripeObject[];
  intervalChanged: boolean;
}

const sameInterval = (a: StripeObject["recurring"], b: StripeObject["recurring"]) =>
  a?.interval === b?.interval && (a?.interval_count ?? 1) === (b?.interval_count ?? 1);

const day = (t: number) => new Date(t * 1000).toUTCString().slice(5, 16);

function invoiceItem(
  sb: Sandbox,
  account: Account,
  sub: StripeObject,
  item: StripeObject,
  amount: number,
  description: string,
  period: { start: number; end: number },
): StripeObject {
  const price = item.price;
  return sb.store.put(account, {
    id: randomId("ii_"),
    object: "invoiceitem",
    amount,
    currency: price.currency,
    customer: sub.customer,
    date: nowSeconds(),
    description,
    discountable: false,
    discounts: [],
    invoice: null,
    livemode: account.livemode,
    metadata: {},
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: sub.id, subscription_item: item.id },
    },
    period,
    pricing: {
      type: "price_details",
      price_details: { price: price.id, product: price.product },
      unit_amount_decimal: String(price.unit_amount),
    },
    proration: true,
    quantity: item.quantity,
    // Pre-2025 API versions had these top-level fields; kept so either style of reader works.
    price,
    subscription: sub.id,
    subscription_item: item.id,
  });
}

/** The prorations of one item whose price or quantity is replaced, as Stripe computes them. */
export function prorateItemChange(
  sb: Sandbox,
  account: Account,
  sub: StripeObject,
  current: StripeObject,
  next: StripeObject,
  behavior: string,
  now = nowSeconds(),
): ItemChange {
  const unchanged = current.price.id === next.price.id && current.quantity === next.quantity;
  const intervalChanged = !sameInterval(current.price.recurring, next.price.recurring);
  if (unchanged || sub.status === "trialing") return { item: next, invoiceItems: [], intervalChanged: false };

  const { current_period_start: start, current_period_end: end } = current;
  const unused = end > start ? Math.min(1, Math.max(0, (end - now) / (end - start))) : 0;
  const name = (price: StripeObject) => account.objects[price.product]?.name ?? "subscription";
  const invoiceItems: StripeObject[] = [];
  if (behavior !== "none" && unused > 0) {
    const credit = Math.round(current.price.unit_amount * current.quantity * unused);
    invoiceItems.push(
      invoiceItem(sb, account, sub, current, -credit, `Unused time on ${name(current.price)} after ${day(now)}`, {
        start: now,
        end,
      }),
    );
    if (!intervalChanged) {
      const charge = Math.round(next.price.unit_amount * next.quantity * unused);
      invoiceItems.push(
        invoiceItem(sb, account, sub, next, charge, `Remaining time on ${name(next.price)} after ${day(now)}`, {
          start: now,
          end,
        }),
      );
    }
  }
  const item = intervalChanged
    ? { ...next, current_period_start: now, current_period_end: addInterval(now, next.price.recurring) }
    : next;
  return { item, invoiceItems, intervalChanged };
}

/**
 * The lines of the invoice made at the moment of the change (interval change or
 * `always_invoice`): the pending proration items, plus each item's new full period when the
 * period was reset. It is collected like any invoice (./invoices.ts): the card on file is
 * charged, and a credit larger than the charge stays on the customer's balance (amount due 0).
 */
export function changeInvoiceLines(
  account: Account,
  items: StripeObject[],
  prorations: StripeObject[],
  periodReset: boolean,
): InvoiceLine[] {
  const lines: InvoiceLine[] = prorations.map((ii) => ({
    amount: ii.amount,
    description: ii.description,
    period: ii.period,
    invoiceItem: ii,
  }));
  if (periodReset)
    for (const item of items)
      lines.push({
        amount: item.price.unit_amount * item.quantity,
        description: `${item.quantity} × ${account.objects[item.price.product]?.name ?? "subscription"}`,
        period: { start: item.current_period_start, end: item.current_period_end },
        item,
      });
  return lines;
}
