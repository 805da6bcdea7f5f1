import type Stripe from "stripe";
import { Config } from "../config/index";
import { ProviderError, ValidationError } from "../errors";
import { ensureSellerEvents, stripeCheckoutFor } from "../integration/credentials";
import { logger } from "../log/index";
import { stripeClient } from "../payment/stripe";
import type { productForCheckout } from "../product/public";
import type { Interval, Tier } from "../product/tiers";
import type { Referral } from "../affiliate/referral";
import type { Attribution } from "../traffic/source";
import { checkoutLocale } from "./locale";
import { PAYABLE_SECONDS } from "./lifetime";
import type { StartedCheckout } from "./paypal";
import { isoFromSeconds, productSnapshot, recordCheckout } from "./record";

/**
 * Subscribing to a membership (a recurring product's tier, at one interval) on the seller's own
 * Stripe account: Payloft keeps the Product and a Price per tier and interval there, through the
 * seller's key, and opens a Checkout Session in subscription mode with the product's trial. The
 * checkout record is written as for a one-time checkout (rule: Our checkouts only).
 */
type Product = Awaited<ReturnType<typeof productForCheckout>>;

/** Stripe's interval for ours: a quarter is three months. */
const STRIPE_INTERVAL: Record<Interval, { interval: "month" | "year"; interval_count: number }> = {
  month: { interval: "month", interval_count: 1 },
  quarter: { interval: "month", interval_count: 3 },
  year: { interval: "year", interval_count: 1 },
};

/** The tier and its price at `interval`, or a 400 sentence naming what may be chosen. */
export function chosenPrice(product: { tiers: Tier[] }, tier: string | undefined, interval: string | undefined) {
  const names = product.tiers.map((t) => t.id).join(", ");
  if (!tier) throw new ValidationError(`Please choose a membership tier: ${names}.`, "checkout.tier_required");
  const found = product.tiers.find((t) => t.id === tier);
  if (!found)
    throw new ValidationError(
      `This membership has no tier "${tier}". Choose one of: ${names}.`,
      "checkout.unknown_tier",
    );
  const offered = found.prices.map((p) => p.interval).join(", ");
  if (!interval) throw new ValidationError(`Please choose how often to pay: ${offered}.`, "checkout.interval_required");
  const price = found.prices.find((p) => p.interval === interval);
  if (!price)
    throw new ValidationError(
      `The tier "${found.name}" is not sold by the ${interval}. Choose: ${offered}.`,
      "checkout.unknown_interval",
    );
  return { tier: found, interval: price.interval, amount: price.amount };
}

/**
 * The seller's Stripe Product for ours (its id is ours, prefixed, so it is found without a
 * stored mapping) and the active Price for the tier at the interval, created when the amount
 * changed; a Price's amount never changes at Stripe, so the previous one is archived.
 */
export async function syncPrice(
  stripe: Stripe,
  product: Pick<Product, "id" | "name" | "currency">,
  tier: Tier,
  interval: Interval,
  amount: number,
) {
  const productRef = `payloft_${product.id}`;
  const details = { name: `${product.name} — ${tier.name}`.slice(0, 250) };
  try {
    await stripe.products.update(productRef, details);
  } catch (err) {
    if ((err as { code?: string }).code !== "resource_missing") throw err;
    await stripe.products.create({ id: productRef, ...details, metadata: { payloft_product: product.id } });
  }
  const recurring = STRIPE_INTERVAL[interval];
  const active = await stripe.prices.list({ product: productRef, active: true, limit: 100 });
  const ours = active.data.filter((p) => p.metadata?.tier === tier.id && p.metadata?.interval === interval);
  const current = ours.find((p) => p.unit_amount === amount && p.currency === product.currency);
  for (const old of ours) if (old !== current) await stripe.prices.update(old.id, { active: false });
  if (current) return current.id;
  const made = await stripe.prices.create({
    product: productRef,
    currency: product.currency,
    unit_amount: amount,
    recurring,
    metadata: { tier: tier.id, interval },
  });
  return made.id;
}

export async function startStripeMembership(
  product: Product,
  choice: ReturnType<typeof chosenPrice>,
  buyer: { email?: string } | null | undefined,
  opts: { acceptLanguage?: string; visit?: Attribution; referral?: Referral },
  noProvider: string,
  createFailed: string,
): Promise<StartedCheckout> {
  const creds = await stripeCheckoutFor(product.creator_id);
  if (!creds) throw new ValidationError(noProvider, "checkout.no_provider");
  // A seller connected before memberships: their endpoint gets the subscription events now.
  await ensureSellerEvents(product.creator_id, creds.secret);
  const stripe = stripeClient(creds.secret);
  const site = Config.siteUrl();
  const membership = {
    kind: "membership",
    product_id: product.id,
    creator_id: product.creator_id,
    tier: choice.tier.id,
    interval: choice.interval,
  };
  let session: Stripe.Checkout.Session;
  try {
    const price = await syncPrice(stripe, product, choice.tier, choice.interval, choice.amount);
    session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price, quantity: 1 }],
      subscription_data: {
        ...(product.trial_days ? { trial_period_days: product.trial_days } : {}),
        metadata: membership,
      },
      ...(buyer?.email ? { customer_email: buyer.email } : {}),
      expires_at: Math.floor(Date.now() / 1000) + PAYABLE_SECONDS,
      success_url: `${site}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${site}/product/${product.id}`,
      metadata: membership,
      locale: checkoutLocale(opts.acceptLanguage),
    });
  } catch (err) {
    logger.warn("seller membership checkout failed", { productId: product.id, error: (err as Error).message });
    throw new ProviderError(createFailed, "checkout.provider_failed");
  }
  if (!session.url) throw new ProviderError(createFailed, "checkout.provider_failed");
  await recordCheckout({
    session_id: session.id,
    kind: "membership",
    provider: "stripe",
    product_id: product.id,
    creator_id: product.creator_id,
    // What the buyer pays each period (nothing today during a trial: the record keeps the period's price).
    amount: choice.amount,
    list_price: choice.amount,
    currency: product.currency,
    tier: choice.tier.id,
    interval: choice.interval,
    ...(product.trial_days ? { trial_days: product.trial_days } : {}),
    session_expires_at: isoFromSeconds(session.expires_at),
    ...(creds.credentialId ? { credential_id: creds.credentialId } : {}),
    ...(buyer?.email ? { buyer_email: buyer.email.trim().toLowerCase() } : {}),
    ...(opts.visit ? { visit: opts.visit } : {}),
    // The affiliate and their rate now: the membership keeps them, and every charge credits them.
    ...opts.referral,
    product_snapshot: await productSnapshot(product),
  });
  return { url: session.url, checkoutId: session.id, payableUntil: new Date(session.expires_at * 1000) };
}
