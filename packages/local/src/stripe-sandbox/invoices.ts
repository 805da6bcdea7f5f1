import { chargeCard, paymentMethodOf } from "./cards";
import { randomId, type Account, type StripeObject } from "./store";
import type { Sandbox } from "./context";

/**
 * Subscription invoices, in the shapes of the stripe SDK's types for the API version it pins:
 * `parent.subscription_details` (not a top-level `subscription`, kept as well for older readers),
 * line items with `pricing` and `parent.subscription_item_details`, and the payments as
 * InvoicePayment objects (`payments` is includable: only with `expand[]=payments`, or through
 * `GET /v1/invoice_payments?invoice=`).
 *
 * Collection follows a custom retry schedule (Billing → Revenue recovery → Retries): a failed
 * payment is retried 3, 5 and 7 days after the previous attempt, four attempts in all, and then
 * the subscription is cancelled (the "cancel the subscription" setting). Each attempt emits
 * invoice.payment_failed with `attempt_count` and `next_payment_attempt` (null on the last), as
 * Stripe's do. The billing clock (./clock.ts) runs the retries when they fall due.
 */
export const RETRY_DAYS = [3, 5, 7];

export interface InvoiceLine {
  amount: number;
  description: string;
  period: { start: number; end: number };
  /** The subscription item it bills (its price), or the pending invoice item it carries. */
  item?: StripeObject;
  invoiceItem?: StripeObject;
}

function lineOf(account: Account, sub: StripeObject, invoiceId: string, l: InvoiceLine): StripeObject {
  const price = l.item?.price ?? l.invoiceItem?.price;
  return {
    id: randomId("il_"),
    object: "line_item",
    amount: l.amount,
    currency: sub.currency,
    description: l.description,
    discount_amounts: [],
    discountable: !l.invoiceItem,
    discounts: [],
    invoice: invoiceId,
    livemode: account.livemode,
    metadata: {},
    parent: l.invoiceItem
      ? {
          type: "invoice_item_details",
          invoice_item_details: {
            invoice_item: l.invoiceItem.id,
            proration: true,
            proration_details: { credited_items: null },
            subscription: sub.id,
          },
          subscription_item_details: null,
        }
      : {
          type: "subscription_item_details",
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: false,
            proration_details: { credited_items: null },
            subscription: sub.id,
            subscription_item: l.item?.id ?? null,
          },
        },
    period: l.period,
    pretax_credit_amounts: [],
    pricing: price
      ? {
          type: "price_details",
          price_details: { price: price.id, product: price.product },
          unit_amount_decimal: String(price.unit_amount),
        }
      : null,
    quantity: l.item?.quantity ?? l.invoiceItem?.quantity ?? 1,
    subscription: sub.id,
    subtotal: l.amount,
    taxes: [],
  };
}

/** A finalized (open) invoice for `lines`, or a paid one when nothing is due. Emits invoice.created and .finalized. */
export function createInvoice(
  sb: Sandbox,
  account: Account,
  sub: StripeObject,
  lines: InvoiceLine[],
  reason: "subscription_create" | "subscription_cycle" | "subscription_update",
): StripeObject {
  const id = randomId("in_");
  const now = sb.store.billingNow();
  const total = lines.reduce((s, l) => s + l.amount, 0);
  const due = Math.max(0, total);
  const customer = account.objects[sub.customer];
  const periods = lines.map((l) => l.period);
  for (const l of lines) if (l.invoiceItem) l.invoiceItem.invoice = id;
  const invoice = sb.store.put(account, {
    id,
    object: "invoice",
    account_country: "US",
    account_name: null,
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: due,
    amount_shipping: 0,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    billing_reason: reason,
    collection_method: "charge_automatically",
    created: now,
    currency: sub.currency,
    customer: sub.customer,
    customer_email: customer?.email ?? null,
    customer_name: customer?.name ?? null,
    default_payment_method: null,
    description: null,
    discounts: [],
    due_date: null,
    effective_at: now,
    ending_balance: Math.min(0, total),
    hosted_invoice_url: `${sb.baseUrl}/invoices/${id}`,
    invoice_pdf: null,
    lines: { object: "list", data: [], has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: account.livemode,
    metadata: {},
    next_payment_attempt: due > 0 ? now : null,
    number: `${account.id.slice(5, 13).toUpperCase()}-${String(Object.keys(account.objects).length).padStart(4, "0")}`,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { metadata: sub.metadata, subscription: sub.id },
    },
    period_end: periods.length ? Math.min(...periods.map((p) => p.start)) : now,
    period_start: periods.length ? Math.min(...periods.map((p) => p.start)) : now,
    starting_balance: 0,
    status: "open",
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    // Pre-2025 API versions had this top-level field; kept so either style of reader works.
    subscription: sub.id,
    test_clock: null,
    total,
    total_excluding_tax: total,
    webhooks_delivered_at: now,
    _payments: [],
  });
  invoice.lines.data = lines.map((l) => lineOf(account, sub, id, l));
  sb.events.emit(account, "invoice.created", presentInvoice(invoice));
  sb.events.emit(account, "invoice.finalized", presentInvoice(invoice));
  return invoice;
}

/**
 * One attempt to collect an open invoice with the subscription's card. Paid: invoice.paid and
 * invoice.payment_succeeded, a past_due subscription becomes active again. Failed:
 * invoice.payment_failed and the subscription is past_due, with the next attempt per RETRY_DAYS
 * (none after the last). The caller emits the subscription's own change.
 */
export function collectInvoice(sb: Sandbox, account: Account, sub: StripeObject, invoice: StripeObject): boolean {
  if (invoice.status !== "open") return invoice.status === "paid";
  const now = sb.store.billingNow();
  invoice.attempted = true;
  if (invoice.amount_due === 0) {
    markPaid(invoice, now);
  } else {
    const outcome = chargeCard(sb, account, {
      customer: sub.customer,
      card: paymentMethodOf(account, sub),
      amount: invoice.amount_due,
      currency: invoice.currency,
      description: invoice.billing_reason === "subscription_create" ? "Subscription creation" : "Subscription update",
    });
    invoice.attempt_count += 1;
    invoice._payments.push({
      id: randomId("inpay_"),
      object: "invoice_payment",
      amount_paid: outcome.ok ? invoice.amount_due : null,
      amount_requested: invoice.amount_due,
      created: now,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: account.livemode,
      payment: { payment_intent: outcome.paymentIntent.id, type: "payment_intent" },
      status: outcome.ok ? "paid" : "open",
      status_transitions: { canceled_at: null, paid_at: outcome.ok ? now : null },
    });
    if (!outcome.ok) {
      const retry = RETRY_DAYS[invoice.attempt_count - 1];
      invoice.next_payment_attempt = retry === undefined ? null : now + retry * 86400;
      if (sub.status === "active" || sub.status === "trialing") sub.status = "past_due";
      sb.store.changed();
      sb.events.emit(account, "invoice.payment_failed", presentInvoice(invoice));
      return false;
    }
    markPaid(invoice, now);
  }
  if (sub.status === "past_due" && !openInvoicesOf(account, sub).length) sub.status = "active";
  sb.store.changed();
  sb.events.emit(account, "invoice.paid", presentInvoice(invoice));
  sb.events.emit(account, "invoice.payment_succeeded", presentInvoice(invoice));
  return true;
}

function markPaid(invoice: StripeObject, now: number) {
  Object.assign(invoice, {
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    next_payment_attempt: null,
    status: "paid",
  });
  invoice.status_transitions.paid_at = now;
}

/** The subscription's invoices still waiting to be paid. */
export const openInvoicesOf = (account: Account, sub: StripeObject) =>
  Object.values(account.objects).filter(
    (o) => o.object === "invoice" && o.status === "open" && o.parent?.subscription_details?.subscription === sub.id,
  );

/** The API shape: `payments` only when expanded, as it is an includable field. */
export function presentInvoice(invoice: StripeObject, expand: string[] = []): StripeObject {
  const out: StripeObject = Object.fromEntries(
    Object.entries(invoice).filter(([k]) => !k.startsWith("_")),
  ) as StripeObject;
  if (expand.includes("payments")) out.payments = paymentsList(invoice);
  return out;
}

export const paymentsList = (invoice: StripeObject) => ({
  object: "list",
  data: invoice._payments ?? [],
  has_more: false,
  url: `/v1/invoice_payments?invoice=${invoice.id}`,
});
