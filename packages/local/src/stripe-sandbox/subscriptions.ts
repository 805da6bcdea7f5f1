import { StripeApiError, invalidParam } from "./errors";
import { bool, list, metadataOf, obj, str, int, type FormObject } from "./form";
import { addInterval, resolvePrice } from "./prices";
import { PRORATION_BEHAVIORS, changeInvoiceLines, prorateItemChange } from "./prorations";
import { nowSeconds, randomId, type Account, type StripeObject } from "./store";
import { attachCard, declined, paymentMethodOf } from "./cards";
import { collectInvoice, createInvoice } from "./invoices";
import type { Sandbox } from "./context";

/** Stripe's payment_behavior values the sandbox carries out (allow_incomplete is the default). */
const PAYMENT_BEHAVIORS = ["allow_incomplete", "error_if_incomplete"];

/** After this many failed payment attempts the subscription goes unpaid and is cancelled. */
export const MAX_PAYMENT_ATTEMPTS = 3;

const strip = (o: StripeObject) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !k.startsWith("_"))) as StripeObject;
export const presentSubscription = strip;

function item(
  account: Account,
  subscriptionId: string,
  price: StripeObject,
  start: number,
  end: number,
  quantity = 1,
): StripeObject {
  return {
    id: randomId("si_", 14),
    object: "subscription_item",
    created: nowSeconds(),
    current_period_start: start,
    current_period_end: end,
    metadata: {},
    price,
    quantity,
    subscription: subscriptionId,
  };
}

function itemsList(id: string, data: StripeObject[]) {
  return {
    object: "list",
    data,
    has_more: false,
    total_count: data.length,
    url: `/v1/subscription_items?subscription=${id}`,
  };
}

function invoice(
  sb: Sandbox,
  account: Account,
  sub: StripeObject,
  status: "paid" | "open",
  reason: string,
  attempt = 1,
): StripeObject {
  const amount = sub.items.data.reduce((s: number, i: StripeObject) => s + i.price.unit_amount * i.quantity, 0);
  const due = sub.status === "trialing" && reason === "subscription_create" ? 0 : amount;
  return sb.store.put(account, {
    id: randomId("in_"),
    object: "invoice",
    amount_due: due,
    amount_paid: status === "paid" ? due : 0,
    amount_remaining: status === "paid" ? 0 : due,
    attempt_count: attempt,
    attempted: true,
    billing_reason: reason,
    created: nowSeconds(),
    currency: sub.currency,
    customer: sub.customer,
    livemode: account.livemode,
    metadata: {},
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { metadata: sub.metadata, subscription: sub.id },
    },
    // Pre-2025 API versions had this top-level field; kept so either style of reader works.
    subscription: sub.id,
    status,
  });
}

/**
 * Called when a subscription-mode Checkout Session is paid: the card entered on the page is
 * attached to the customer as the subscription's default payment method, and the first invoice
 * (zero during a trial) is created and charged. Times follow the billing clock (./clock.ts).
 */
export function createSubscription(
  sb: Sandbox,
  account: Account,
  customer: string,
  prices: StripeObject[],
  data: { trial_period_days: number | null; metadata: Record<string, string> },
  card?: { number: string; email?: string | null; name?: string | null },
): StripeObject {
  const now = sb.store.billingNow();
  const id = randomId("sub_");
  const trialEnd = data.trial_period_days ? now + data.trial_period_days * 86400 : null;
  const recurring = prices.filter((p) => p.recurring);
  const items = recurring.map((p) => item(account, id, p, now, trialEnd ?? addInterval(now, p.recurring)));
  const pm = attachCard(sb, account, customer, card?.number ?? "", card ?? {});
  const sub: StripeObject = {
    id,
    object: "subscription",
    billing_cycle_anchor: trialEnd ?? now,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    collection_method: "charge_automatically",
    created: now,
    currency: recurring[0]?.currency ?? "usd",
    customer,
    default_payment_method: pm.id,
    ended_at: null,
    items: itemsList(id, items),
    latest_invoice: null,
    livemode: account.livemode,
    metadata: data.metadata,
    start_date: now,
    status: trialEnd ? "trialing" : "active",
    trial_end: trialEnd,
    trial_settings: { end_behavior: { missing_payment_method: "create_invoice" } },
    trial_start: trialEnd ? now : null,
  };
  sb.store.put(account, sub);
  const lines = items.map((i: StripeObject) => {
    const name = account.objects[i.price.product]?.name ?? "subscription";
    return {
      amount: trialEnd ? 0 : i.price.unit_amount * i.quantity,
      description: trialEnd ? `Trial period for ${name}` : `${i.quantity} × ${name}`,
      period: { start: i.current_period_start, end: i.current_period_end },
      item: i,
    };
  });
  const first = createInvoice(sb, account, sub, lines, "subscription_create");
  sub.latest_invoice = first.id;
  sb.events.emit(account, "customer.subscription.created", strip(sub));
  collectInvoice(sb, account, sub, first);
  return sub;
}

/** Records the change and emits customer.subscription.updated with Stripe's previous_attributes. */
export function subscriptionChanged(sb: Sandbox, account: Account, sub: StripeObject, before: StripeObject) {
  const previous: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(strip(before))) {
    if (JSON.stringify(v) !== JSON.stringify(sub[k])) previous[k] = v;
  }
  sb.store.changed();
  if (Object.keys(previous).length) sb.events.emit(account, "customer.subscription.updated", strip(sub), previous);
}

/** POST /v1/subscriptions/:id */
export function updateSubscription(sb: Sandbox, account: Account, sub: StripeObject, p: FormObject): StripeObject {
  if (sub.status === "canceled") {
    throw new StripeApiError(
      400,
      "invalid_request_error",
      "A canceled subscription can only update its cancellation_details and metadata.",
    );
  }
  const before = structuredClone(sub);
  const proration = str(p.proration_behavior) ?? "create_prorations";
  if (!(PRORATION_BEHAVIORS as readonly string[]).includes(proration)) {
    throw invalidParam(
      "proration_behavior",
      `Invalid proration_behavior: must be one of ${PRORATION_BEHAVIORS.join(", ")}`,
    );
  }
  const paymentBehavior = str(p.payment_behavior) ?? "allow_incomplete";
  if (!PAYMENT_BEHAVIORS.includes(paymentBehavior))
    throw invalidParam(
      "payment_behavior",
      `The sandbox supports payment_behavior ${PAYMENT_BEHAVIORS.join(" and ")} on subscription updates.`,
    );
  const items: StripeObject[] = [...sub.items.data];
  const prorations: StripeObject[] = [];
  let periodReset = false;
  list(p.items).forEach((raw, i) => {
    const input = obj(raw) ?? {};
    const itemId = str(input.id);
    const index = itemId ? items.findIndex((x) => x.id === itemId) : -1;
    if (itemId && index < 0)
      throw new StripeApiError(
        400,
        "invalid_request_error",
        `Subscription item ${itemId} does not belong to this subscription.`,
        "resource_missing",
        `items[${i}][id]`,
      );
    if (bool(input.deleted)) {
      if (index >= 0) items.splice(index, 1);
      return;
    }
    const quantity = int(input.quantity);
    const hasPrice = input.price !== undefined || input.price_data !== undefined;
    const price = hasPrice ? resolvePrice(sb.store, account, input, `items[${i}]`) : items[index]?.price;
    if (!price) throw invalidParam(`items[${i}][price]`, "A new subscription item needs a price or price_data.");
    const current = items[index];
    const start = current?.current_period_start ?? nowSeconds();
    const end = current?.current_period_end ?? addInterval(start, price.recurring);
    const next = {
      ...(current ?? item(account, sub.id, price, start, end)),
      price,
      quantity: quantity ?? current?.quantity ?? 1,
    };
    if (index < 0) return void items.push(next); // Stripe adds an item when no id is given
    const change = prorateItemChange(sb, account, sub, current!, next, proration, sb.store.billingNow());
    items[index] = change.item;
    prorations.push(...change.invoiceItems);
    periodReset ||= change.intervalChanged;
  });
  const atOnce = periodReset || (proration === "always_invoice" && prorations.length > 0);
  const lines = atOnce ? changeInvoiceLines(account, items, prorations, periodReset) : [];
  const card = paymentMethodOf(account, sub);
  if (
    paymentBehavior === "error_if_incomplete" &&
    lines.reduce((s, l) => s + l.amount, 0) > 0 &&
    (!card || card._fails)
  ) {
    // Stripe refuses the update when its invoice cannot be paid now: nothing changes.
    for (const ii of prorations) delete account.objects[ii.id];
    throw declined();
  }
  sub.items = itemsList(sub.id, items);
  if (atOnce) {
    if (periodReset) sub.billing_cycle_anchor = items[0]?.current_period_start ?? sub.billing_cycle_anchor;
    const invoice = createInvoice(sb, account, sub, lines, "subscription_update");
    sub.latest_invoice = invoice.id;
    collectInvoice(sb, account, sub, invoice);
  }
  const cape = bool(p.cancel_at_period_end);
  if (cape !== undefined) {
    sub.cancel_at_period_end = cape;
    sub.cancel_at = cape ? (items[0]?.current_period_end ?? null) : null;
    // As Stripe: the time of the request to cancel, kept when the period's end ends it.
    sub.canceled_at = cape ? sb.store.billingNow() : null;
  }
  if (p.metadata !== undefined) sub.metadata = metadataOf(p.metadata, sub.metadata);
  if (str(p.trial_end) === "now" && sub.status === "trialing") {
    sub.status = "active";
    sub.trial_end = nowSeconds();
  }
  subscriptionChanged(sb, account, sub, before);
  return sub;
}

/** DELETE /v1/subscriptions/:id */
export function cancelSubscription(sb: Sandbox, account: Account, sub: StripeObject): StripeObject {
  if (sub.status === "canceled") return sub;
  const now = sb.store.billingNow();
  Object.assign(sub, {
    status: "canceled",
    canceled_at: sub.canceled_at ?? now,
    ended_at: now,
    cancel_at: null,
    cancel_at_period_end: false,
  });
  sb.store.changed();
  sb.events.emit(account, "customer.subscription.deleted", strip(sub));
  return sub;
}

/**
 * Sandbox helper: one failed renewal payment. Emits invoice.payment_failed and moves the
 * subscription to past_due; once the retries run out (or `final`), it becomes unpaid and is
 * cancelled (customer.subscription.updated, then customer.subscription.deleted).
 */
export function failPayment(sb: Sandbox, account: Account, sub: StripeObject, final = false): StripeObject {
  if (sub.status === "canceled")
    throw new StripeApiError(400, "invalid_request_error", "This subscription is already canceled.");
  const attempt = (sub._failed_attempts ?? 0) + 1;
  sub._failed_attempts = attempt;
  const last = final || attempt >= MAX_PAYMENT_ATTEMPTS;
  const inv = invoice(sb, account, sub, "open", "subscription_cycle", attempt);
  // Stripe says when it tries again; null once it has given up (its last attempt failed).
  inv.next_payment_attempt = last ? null : nowSeconds() + 3 * 24 * 3600;
  let before = structuredClone(sub);
  sub.latest_invoice = inv.id;
  sb.events.emit(account, "invoice.payment_failed", inv);
  sub.status = "past_due";
  subscriptionChanged(sb, account, sub, before);
  if (last) {
    before = structuredClone(sub);
    sub.status = "unpaid";
    subscriptionChanged(sb, account, sub, before);
    cancelSubscription(sb, account, sub);
  }
  return sub;
}
