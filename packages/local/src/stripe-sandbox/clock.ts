import { addInterval } from "./prices";
import { collectInvoice, createInvoice, openInvoicesOf, type InvoiceLine } from "./invoices";
import { cancelSubscription, subscriptionChanged } from "./subscriptions";
import { nowSeconds, type Account, type StripeObject } from "./store";
import type { Sandbox } from "./context";

/**
 * The sandbox's test clock (POST /__sandbox/clock/advance {"seconds": N}), as a Stripe test clock
 * that every customer is attached to: moving it forward runs, in time order, everything that
 * falls due on the way (a trial's end, a period's renewal, a retry of a failed payment, a
 * cancellation at the period's end), each at its own time, with the invoices, charges and
 * signed events Stripe sends. Checkout Sessions and webhook signatures keep the wall clock.
 */

type Due = { at: number; account: Account; sub: StripeObject; kind: "period_end" | "retry"; invoice?: StripeObject };

const RUNNING = new Set(["trialing", "active", "past_due"]);
const periodEndOf = (sub: StripeObject): number =>
  sub.status === "trialing" && sub.trial_end ? sub.trial_end : (sub.items.data[0]?.current_period_end ?? Infinity);

/** What falls due first across every account, or undefined when nothing does. */
function nextDue(sb: Sandbox): Due | undefined {
  let first: Due | undefined;
  const consider = (d: Due) => {
    if (!first || d.at < first.at) first = d;
  };
  for (const account of sb.store.accounts.values()) {
    for (const sub of sb.store.ofType(account, "subscription")) {
      if (!RUNNING.has(sub.status)) continue;
      consider({ at: periodEndOf(sub), account, sub, kind: "period_end" });
      for (const invoice of openInvoicesOf(account, sub)) {
        if (invoice.attempted && invoice.next_payment_attempt)
          consider({ at: invoice.next_payment_attempt, account, sub, kind: "retry", invoice });
      }
    }
  }
  return first;
}

/**
 * A period ends: cancelled at its end, the subscription ends; otherwise the next period starts
 * (a trial becomes active), is invoiced and charged to the subscription's card.
 */
function renew(sb: Sandbox, account: Account, sub: StripeObject) {
  if (sub.cancel_at_period_end) return void cancelSubscription(sb, account, sub);
  const before = structuredClone(sub);
  const lines: InvoiceLine[] = [];
  for (const item of sub.items.data as StripeObject[]) {
    const start = periodEndOf(sub);
    item.current_period_start = start;
    item.current_period_end = addInterval(start, item.price.recurring);
    const amount = item.price.unit_amount * item.quantity;
    const name = account.objects[item.price.product]?.name ?? "subscription";
    const period = { start: item.current_period_start, end: item.current_period_end };
    lines.push({ amount, description: `${item.quantity} × ${name}`, period, item });
  }
  if (sub.status === "trialing") sub.status = "active";
  const invoice = createInvoice(sb, account, sub, lines, "subscription_cycle");
  sub.latest_invoice = invoice.id;
  collectInvoice(sb, account, sub, invoice);
  subscriptionChanged(sb, account, sub, before);
}

/** A retry of a failed invoice; after the last failed attempt the subscription is cancelled. */
function retry(sb: Sandbox, account: Account, sub: StripeObject, invoice: StripeObject) {
  const before = structuredClone(sub);
  const paid = collectInvoice(sb, account, sub, invoice);
  subscriptionChanged(sb, account, sub, before);
  if (!paid && invoice.next_payment_attempt === null) cancelSubscription(sb, account, sub);
}

/** Moves the billing clock `seconds` forward, running what falls due on the way. */
export function advanceClock(sb: Sandbox, seconds: number): { now: number } {
  const target = sb.store.billingNow() + seconds;
  // Bounded: a clock moved years ahead renews each monthly subscription once a month, no more.
  for (let step = 0; step < 10_000; step++) {
    const due = nextDue(sb);
    if (!due || due.at > target) break;
    sb.store.clockOffset = Math.max(sb.store.clockOffset, due.at - nowSeconds());
    if (due.kind === "retry") retry(sb, due.account, due.sub, due.invoice!);
    else renew(sb, due.account, due.sub);
  }
  sb.store.clockOffset = target - nowSeconds();
  sb.store.changed();
  return { now: sb.store.billingNow() };
}
