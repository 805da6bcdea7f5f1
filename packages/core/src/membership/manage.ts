import type Stripe from "stripe";
import * as z from "zod/mini";
import "../zod";
import type { MembershipItem } from "../db/entities";
import { chosenPrice, syncPrice } from "../checkout/membership";
import { Config } from "../config/index";
import { currencyOf } from "../currency/index";
import { ConflictError, ProviderError, ValidationError } from "../errors";
import { stripeSecretFor } from "../integration/credentials";
import { logger } from "../log/index";
import { stripeClient } from "../payment/stripe";
import { billingOf } from "../product/tiers";
import { getProduct } from "../product/view";
import { parseInput } from "../validation";
import { creatorsOwn, membershipNotFound } from "./list";
import { membershipInfo, type MembershipInfo } from "./shape";
import { applyState, loadMembership } from "./state";
import { membershipOf } from "./stripe";
import { actAtPayPal } from "./paypal-manage";
import { paypalPaymentMethodUrl } from "./paypal-payment-method";
import { reviseAtPayPal } from "./paypal-change";
import { oneChangeAtATime } from "./change-claim";

/**
 * What buyers and creators do with memberships (the lists are ./list.ts, which needs no key):
 * cancel at the period's end (or, the creator, at once), resume before the end, change the tier or
 * interval (prorated). Each action is made at the provider through the
 * seller's key and its answer applied at once, as news from the moment the provider answered
 * (answeredAt): the provider's events about this or an earlier action, delivered later, are
 * older than that and change nothing.
 */
export const PROVIDER_FAILED = "We couldn't reach the payment provider. Please try again in a moment.";
const ENDED = () => new ConflictError("membership.ended", "This membership has already ended.");

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

async function buyersOwn(email: string, id: string): Promise<MembershipItem> {
  const m = await loadMembership(id);
  if (!m || !sameEmail(m.customer_email, email)) throw membershipNotFound();
  return m;
}

/**
 * When an action's answer counts as news, in the provider's seconds (events' `created`): half a
 * second into the second the provider answered in (its Date header), and never before what we
 * hold. The answer already includes every event of that second and before, e.g. a cancel's
 * `customer.subscription.updated` that arrives after the resume that followed it; an event of a
 * later second is newer and applies.
 */
export function answeredAt(held: number, dateHeader: string | undefined, nowMs = Date.now()): number {
  const answered = Date.parse(dateHeader ?? "");
  const seconds = Math.floor((Number.isNaN(answered) ? nowMs : answered) / 1000);
  return Math.max(Math.floor(held), seconds) + 0.5;
}

/**
 * Stripe's answer to a failed action: a refusal (a 4xx: the card declined the change's invoice,
 * a subscription Stripe no longer lets change) is a 409 saying so; anything else is an outage.
 */
function refusedOrFailed(err: unknown): Error {
  const e = err as { statusCode?: number; type?: string; message?: string };
  if (e.type === "StripeCardError")
    return new ConflictError(
      "membership.provider_refused",
      "Your card was declined, so nothing changed. Update your payment method, then try again.",
    );
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500 && e.statusCode !== 401 && e.statusCode !== 429)
    return new ConflictError("membership.provider_refused", `Stripe refused this: ${e.message ?? "no reason given"}`);
  return new ProviderError(PROVIDER_FAILED, "membership.provider_failed");
}

/** The action at the provider, then its answer applied; what the membership is afterwards. */
async function atProvider(
  m: MembershipItem,
  act: (stripe: Stripe) => Promise<Stripe.Response<Stripe.Subscription>>,
): Promise<MembershipInfo> {
  const secret = await stripeSecretFor(m.creator_id);
  if (!secret) throw new ProviderError(PROVIDER_FAILED, "membership.provider_failed");
  let sub: Stripe.Response<Stripe.Subscription>;
  try {
    sub = await act(stripeClient(secret));
  } catch (err) {
    logger.warn("membership action at Stripe failed", { membershipId: m.id, error: (err as Error).message });
    throw refusedOrFailed(err);
  }
  const ours = membershipOf(sub, m.creator_id);
  if (ours) await applyState(m.id, answeredAt(m.provider_time, sub.lastResponse?.headers?.date), ours.state);
  return membershipInfo((await loadMembership(m.id))!);
}

/** POST /api/customer/memberships/{id}/cancel: at the period's end; access until then. */
export async function cancelByBuyer(email: string, id: string): Promise<MembershipInfo> {
  const m = await buyersOwn(email, id);
  if (m.status === "ended") throw ENDED();
  if (m.cancel_at_period_end) return membershipInfo(m);
  if (m.provider === "paypal") return actAtPayPal(m, "cancel_at_period_end");
  return atProvider(m, (s) => s.subscriptions.update(m.id, { cancel_at_period_end: true }));
}

/** POST /api/customer/memberships/{id}/resume: a canceled membership goes on, before it ends. */
export async function resumeByBuyer(email: string, id: string): Promise<MembershipInfo> {
  const m = await buyersOwn(email, id);
  if (m.status === "ended") throw ENDED();
  if (!m.cancel_at_period_end) return membershipInfo(m);
  if (m.provider === "paypal") return actAtPayPal(m, "resume");
  return atProvider(m, (s) => s.subscriptions.update(m.id, { cancel_at_period_end: false }));
}

export const CreatorCancelInput = z.object({
  at_period_end: z.optional(z.boolean({ message: "at_period_end must be true or false." })),
});

/** POST /api/memberships/{id}/cancel {at_period_end = true}: the creator ends a member's subscription. */
export async function cancelByCreator(creatorId: string, id: string, input: unknown): Promise<MembershipInfo> {
  const at_period_end = parseInput(CreatorCancelInput, input ?? {}).at_period_end ?? true;
  const m = await creatorsOwn(creatorId, id);
  if (m.status === "ended") throw ENDED();
  if (m.provider === "paypal" && !(at_period_end && m.cancel_at_period_end))
    return actAtPayPal(m, at_period_end ? "cancel_at_period_end" : "cancel_now");
  if (at_period_end) {
    if (m.cancel_at_period_end) return membershipInfo(m);
    return atProvider(m, (s) => s.subscriptions.update(m.id, { cancel_at_period_end: true }));
  }
  return atProvider(m, (s) => s.subscriptions.cancel(m.id));
}

export const ChangeInput = z.object({
  tier: z.optional(z.string({ message: "tier must be the id of one of the membership's tiers." })),
  interval: z.optional(z.string({ message: "interval must be month, quarter or year." })),
});

const EVERY = { month: "monthly", quarter: "quarterly", year: "yearly" } as const;

/**
 * POST /api/customer/memberships/{id}/change {tier, interval}: another tier or interval of the same
 * product. On Stripe the subscription's item moves to that Price, prorated and invoiced at once
 * (a change of interval starts a new period now, less the unused time); a card that cannot pay
 * it leaves the plan as it was. The stored plan changes from Stripe's answer; `membership.changed`
 * follows Stripe's event, and the invoice it paid is a sale like a renewal: the answer is
 * `{ membership }`. On PayPal it is `{ url }`, the page where the buyer approves the plan
 * revision (./paypal-change.ts); the plan changes when PayPal says it was approved. A second
 * Stripe change while one is under way (another tab) is a 409 that changes nothing (./change-claim.ts).
 */
export async function changeByBuyer(
  email: string,
  id: string,
  input: unknown,
): Promise<{ membership: MembershipInfo } | { url: string }> {
  const wanted = parseInput(ChangeInput, input ?? {});
  const held = await buyersOwn(email, id);
  if (held.provider === "paypal") {
    const { sold, billing, choice } = await changeTo(held, wanted);
    return reviseAtPayPal(held, { ...sold, trial_days: billing.trial_days }, choice);
  }
  // Checked and made holding the claim, on the membership as it is then (./change-claim.ts).
  return oneChangeAtATime(id, async () => {
    const m = await buyersOwn(email, id);
    const { sold, choice } = await changeTo(m, wanted);
    const membership = await atProvider(m, async (stripe) => {
      const item = (await stripe.subscriptions.retrieve(m.id)).items.data[0];
      const price = await syncPrice(stripe, sold, choice.tier, choice.interval, choice.amount);
      return stripe.subscriptions.update(m.id, {
        items: [{ ...(item ? { id: item.id } : {}), price }],
        proration_behavior: "always_invoice",
        payment_behavior: "error_if_incomplete",
      });
    });
    return { membership };
  });
}

/** The plan `wanted` of the membership's product, or the 400 saying why the member cannot change to it. */
async function changeTo(m: MembershipItem, wanted: z.infer<typeof ChangeInput>) {
  if (m.status === "ended")
    throw new ValidationError("This membership has ended: subscribe again to choose a plan.", "membership.ended");
  if (m.cancel_at_period_end)
    throw new ValidationError(
      "This membership is canceled: resume it before you change its plan.",
      "membership.canceled",
    );
  const product = await getProduct(m.product_id);
  if (!product) throw membershipNotFound();
  const billing = billingOf(product);
  const choice = chosenPrice(billing, wanted.tier, wanted.interval);
  if (choice.tier.id === m.tier && choice.interval === m.interval)
    throw new ValidationError(
      `You are already on ${choice.tier.name}, paid ${EVERY[choice.interval]}.`,
      "membership.same_plan",
    );
  const sold = { id: product.id, name: product.name, currency: currencyOf(product.currency) };
  return { sold, billing, choice };
}

/**
 * POST /api/customer/memberships/{id}/payment-method: where the buyer replaces the card a Stripe
 * membership is charged to: a Billing Portal session for the subscription's customer on the
 * seller's account, which comes back to the portal's Memberships tab. Stripe retries a past_due
 * membership's open invoice with the new card; its events bring the membership back to active.
 * A PayPal membership answers PayPal's own page for that automatic payment (./paypal-payment-method.ts).
 */
export async function paymentMethodByBuyer(email: string, id: string): Promise<{ url: string }> {
  const m = await buyersOwn(email, id);
  if (m.status === "ended") throw ENDED();
  if (m.provider === "paypal") return paypalPaymentMethodUrl(m);
  const secret = await stripeSecretFor(m.creator_id);
  if (!secret) throw new ProviderError(PROVIDER_FAILED, "membership.provider_failed");
  try {
    const stripe = stripeClient(secret);
    const sub = await stripe.subscriptions.retrieve(m.id);
    const customer = typeof sub.customer === "string" ? sub.customer : sub.customer.id;
    const session = await stripe.billingPortal.sessions.create({
      customer,
      return_url: `${Config.siteUrl()}/customer-dashboard?tab=memberships`,
    });
    return { url: session.url };
  } catch (err) {
    logger.warn("billing portal session at Stripe failed", { membershipId: m.id, error: (err as Error).message });
    throw refusedOrFailed(err);
  }
}
