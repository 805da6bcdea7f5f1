import { event } from "sst/event";
import * as z from "zod/mini";
import "../zod";
import { EventType } from "./types";

/**
 * The domain events on the bus, defined once. A webhook receiver verifies a provider's
 * signature, translates what the provider says into these (provider-neutral: Stripe and PayPal
 * produce the same events) and publishes them through `Bus.publish`; subscribers
 * (packages/functions/src/subscribers.ts) validate the properties with the same schema.
 *
 * On EventBridge each event is `detail: { metadata, properties }` with `detail-type` = type,
 * exactly as `sst/aws/bus` publishes it. Amounts are integer cents, currencies ISO 4217 in
 * lower case, times Unix seconds as the provider stamped them (they order late events).
 */
const builder = event.builder({
  validator:
    <S extends z.ZodMiniType>(schema: S) =>
    (input: z.input<S>) =>
      schema.parse(input) as z.output<S>,
  metadata: () => ({ published_at: new Date().toISOString() }),
});

/** An event definition plus its schema, so subscribers can validate what arrives. */
function define<T extends string, S extends z.ZodMiniType>(type: T, schema: S) {
  return Object.assign(builder(type, schema), { schema });
}

/** free: a free claim (core/src/checkout/claim.ts), announced like a sale though nobody took money. */
export const Provider = z.enum(["stripe", "paypal", "free"]);
export type Provider = z.infer<typeof Provider>;

const cents = z.int().check(z.nonnegative());
const currency = z.string().check(z.regex(/^[a-z]{3}$/, "currency must be an ISO 4217 code in lower case"));
const id = z.string().check(z.minLength(1), z.maxLength(255));

/** What every event carries: who said it, their own id for it (tracing, dedupe) and when. */
const source = {
  provider: Provider,
  provider_event_id: id,
  occurred_at: z.int().check(z.positive()),
};

/** A seller's checkout was paid. `checkout_id` is Payloft's checkout record (the provider's session/order id). */
export const PurchasePaid = define(
  EventType.PurchasePaid,
  z.object({
    ...source,
    seller_id: id,
    checkout_id: id,
    /** The provider's reference of the payment (Stripe payment intent, PayPal capture). */
    payment_ref: z.optional(id),
    amount: cents,
    currency,
    buyer_email: z.optional(z.string().check(z.maxLength(320))),
  }),
);

/** Money of a product sale went back to the buyer (fully or partly). */
export const RefundCreated = define(
  EventType.RefundCreated,
  z.object({
    ...source,
    seller_id: id,
    checkout_id: id,
    payment_ref: id,
    /** The charge's amount and how much of it has been refunded so far. */
    amount: cents,
    amount_refunded: cents,
    currency,
    /**
     * One item of an order refunded on its own (a partial refund Payloft made for that purchase,
     * named in the refund's metadata): only that purchase is reversed. Absent: the payment's refund.
     */
    purchase_id: z.optional(id),
  }),
);

/** The buyer disputed a product sale with their bank. */
export const DisputeCreated = define(
  EventType.DisputeCreated,
  z.object({
    ...source,
    seller_id: id,
    checkout_id: id,
    payment_ref: id,
    dispute_ref: id,
    amount: cents,
    currency,
    reason: z._default(z.string().check(z.maxLength(100)), "general"),
  }),
);

/** A platform checkout (plan subscription or lifetime deal) completed. */
export const PlanCheckoutCompleted = define(
  EventType.PlanCheckoutCompleted,
  z.object({
    ...source,
    checkout_id: id,
    subscription_ref: z.optional(id),
    customer_ref: z.optional(id),
  }),
);

export const SubscriptionStatus = z.enum([
  "trialing",
  "active",
  "past_due",
  "unpaid",
  "canceled",
  "incomplete",
  "incomplete_expired",
  "paused",
]);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/** A creator's platform subscription changed at the provider (created, updated, deleted). */
export const SubscriptionChanged = define(
  EventType.SubscriptionChanged,
  z.object({
    ...source,
    user_id: id,
    subscription_ref: id,
    customer_ref: z.optional(id),
    status: SubscriptionStatus,
    /** The plan it bills for, when the provider's data names one of ours. */
    plan: z.optional(z.enum(["starter", "pro", "business"])),
    billing_cycle: z.optional(z.enum(["monthly", "yearly"])),
    /** The provider deleted (ended) the subscription. */
    deleted: z.boolean(),
    /** The provider just created the subscription (its first event); tells webhooks created from updated. */
    created: z._default(z.boolean(), false),
  }),
);

/** A renewal payment of a platform subscription failed; `final` when the provider stops retrying. */
export const SubscriptionPaymentFailed = define(
  EventType.SubscriptionPaymentFailed,
  z.object({
    ...source,
    user_id: id,
    subscription_ref: id,
    attempt: z.optional(z.int().check(z.positive())),
    final: z.boolean(),
    /** The provider's invoice that failed (one dunning e-mail per invoice). */
    invoice_ref: z.optional(id),
  }),
);

/** The lifetime deal's payment was refunded or disputed: the account returns to free (rule: Lifetime deal). */
export const LifetimeRefunded = define(
  EventType.LifetimeRefunded,
  z.object({
    ...source,
    /** When the provider's event names it; else it is found from the payment when applied. */
    checkout_id: z.optional(id),
    payment_ref: id,
    reason: z.enum(["refund", "dispute"]),
  }),
);

/**
 * A buyer's product checkout expired unpaid, says its provider (Stripe's checkout.session.expired,
 * PayPal's voided order): what it held is given back, and the buyer, when we know who they are,
 * may get a recovery e-mail. `buyer_email` is the checkout record's (signed-in buyer) or what the
 * provider collected.
 */
export const CheckoutExpired = define(
  EventType.CheckoutExpired,
  z.object({
    ...source,
    seller_id: id,
    checkout_id: id,
    product_id: id,
    buyer_email: z.optional(z.string().check(z.minLength(3), z.maxLength(320))),
  }),
);

/**
 * A buyer's membership (a subscription to a recurring product on the seller's account) as the
 * provider said it at `occurred_at`: every membership event carries the whole state, so the
 * subscriber applies the newest one and ignores older news (core/src/membership/state.ts).
 * `charge` is a paid period (a sale); `checkout_id` names the checkout it began with.
 */
export const MembershipState = z.object({
  status: z.enum(["trialing", "active", "past_due", "canceled", "ended"]),
  current_period_end: z.int().check(z.nonnegative()),
  cancel_at_period_end: z.boolean(),
  amount: cents,
  currency,
  tier: id,
  interval: z.enum(["month", "quarter", "year"]),
  /** The provider's own times (Unix seconds) of the end and of the request to cancel, when it gives them. */
  ended_at: z.optional(z.int().check(z.positive())),
  canceled_at: z.optional(z.int().check(z.positive())),
});
const membership = z.object({
  ...source,
  seller_id: id,
  membership_id: id,
  product_id: id,
  checkout_id: z.optional(id),
  state: MembershipState,
  /** `kind` (optional, for events sent before it): a plan change's prorated invoice, or any other later charge. */
  charge: z.optional(
    z.object({
      ref: id,
      amount: cents,
      currency,
      payment_ref: z.optional(id),
      renewal: z.boolean(),
      kind: z.optional(z.enum(["renewal", "plan_change"])),
    }),
  ),
  /** payment_failed: which attempt failed, and whether the provider will try again. */
  attempt: z.optional(z.int().check(z.positive())),
  final: z.optional(z.boolean()),
  /** payment_failed: when the provider tries again (Unix seconds), for the member's e-mail. */
  retry_at: z.optional(z.int().check(z.positive())),
});
export const MembershipStarted = define(EventType.MembershipStarted, membership);
export const MembershipRenewed = define(EventType.MembershipRenewed, membership);
export const MembershipPaymentFailed = define(EventType.MembershipPaymentFailed, membership);
export const MembershipCanceled = define(EventType.MembershipCanceled, membership);
export const MembershipResumed = define(EventType.MembershipResumed, membership);
export const MembershipChanged = define(EventType.MembershipChanged, membership);
export const MembershipEnded = define(EventType.MembershipEnded, membership);
export const MembershipEvents = [
  MembershipStarted,
  MembershipRenewed,
  MembershipPaymentFailed,
  MembershipCanceled,
  MembershipResumed,
  MembershipChanged,
  MembershipEnded,
] as const;

export const DomainEvents = [
  PurchasePaid,
  RefundCreated,
  DisputeCreated,
  PlanCheckoutCompleted,
  SubscriptionChanged,
  SubscriptionPaymentFailed,
  LifetimeRefunded,
  CheckoutExpired,
  ...MembershipEvents,
] as const;

export type DomainEvent = (typeof DomainEvents)[number];
export type PropertiesOf<D extends DomainEvent> = z.output<D["schema"]>;

/** One event ready to publish: its definition and its properties. */
export interface Publishable<D extends DomainEvent = DomainEvent> {
  def: D;
  properties: z.input<D["schema"]>;
}

export const emit = <D extends DomainEvent>(def: D, properties: z.input<D["schema"]>): Publishable<D> => ({
  def,
  properties,
});
