import { randomUUID } from "node:crypto";
import { Config } from "../config/index";
import { ProviderError, ValidationError } from "../errors";
import { paypalFor } from "../integration/credentials";
import { ensurePayPalEvents } from "../integration/paypal-events";
import { logger } from "../log/index";
import { centsToValue, type PayPalCredentials } from "../paypal/client";
import { approveLinkOf, paypalBilling, type PayPalBilling } from "../paypal/billing";
import { catalogIdOf, PAYPAL_FREQUENCY } from "../membership/paypal";
import type { Referral } from "../affiliate/referral";
import type { Attribution } from "../traffic/source";
import type { chosenPrice } from "./membership";
import { PAYPAL_UNAVAILABLE, type StartedCheckout } from "./paypal";
import type { productForCheckout } from "../product/public";
import { PAYABLE_SECONDS } from "./lifetime";
import { productSnapshot, recordCheckout } from "./record";

/**
 * Subscribing to a membership on a PayPal seller's own app (Subscriptions API v1): Payloft keeps
 * a catalog product per product and a billing plan per tier, interval, price and trial on that
 * app, through the seller's credentials, and creates a subscription the buyer approves on
 * PayPal's page. The checkout record is written as for any checkout (rule: Our checkouts only):
 * its id is the subscription's custom_id, the subscription id its provider_ref.
 */
type Sold = Awaited<ReturnType<typeof productForCheckout>>;
type Product = Pick<Sold, "id" | "name" | "currency" | "trial_days">;
type Choice = ReturnType<typeof chosenPrice>;

/** PayPal retries a failed payment; after this many failures it suspends, and Payloft ends it. */
export const PAYPAL_FAILURE_THRESHOLD = 3;

/** What a plan bills, written in its description: the key an existing plan is found by (and its tier, membership/paypal.ts). */
const planKey = (product: Product, c: Choice) =>
  `payloft:${c.tier.id}:${c.interval}:${c.amount}:${product.currency}:trial=${product.trial_days ?? 0}`;

/** The ACTIVE plan for this tier, interval, price and trial on the seller's app, created when missing. */
export async function syncPlan(billing: PayPalBilling, product: Product, c: Choice): Promise<string> {
  const catalogId = catalogIdOf(product.id);
  try {
    await billing.getProduct(catalogId);
  } catch (err) {
    if ((err as { status?: number }).status !== 404) throw err;
    await billing.createProduct({ id: catalogId, name: product.name.slice(0, 127) });
  }
  const key = planKey(product, c);
  const prefix = `payloft:${c.tier.id}:${c.interval}:`;
  let found: string | undefined;
  for (let page = 1; page <= 10; page++) {
    const list = await billing.listPlans(catalogId, page);
    for (const p of list.plans.filter((x) => x.status === "ACTIVE")) {
      const plan = await billing.getPlan(p.id);
      if (plan.description === key && !found) found = plan.id;
      // The tier's earlier price or trial: no new subscriber joins it (its members keep it).
      else if (plan.description?.startsWith(prefix) && plan.description !== key) await billing.deactivatePlan(plan.id);
    }
    if (!list.total_pages || page >= list.total_pages) break;
  }
  if (found) return found;
  const regular = {
    tenure_type: "REGULAR",
    sequence: product.trial_days ? 2 : 1,
    total_cycles: 0,
    frequency: PAYPAL_FREQUENCY[c.interval],
    pricing_scheme: {
      fixed_price: { currency_code: product.currency.toUpperCase(), value: centsToValue(c.amount, product.currency) },
    },
  };
  const trial = product.trial_days
    ? [
        {
          tenure_type: "TRIAL",
          sequence: 1,
          total_cycles: 1,
          frequency: { interval_unit: "DAY", interval_count: product.trial_days },
        },
      ]
    : [];
  const plan = await billing.createPlan(
    {
      product_id: catalogId,
      name: `${product.name} — ${c.tier.name}`.slice(0, 127),
      description: key,
      status: "ACTIVE",
      billing_cycles: [...trial, regular],
      payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: PAYPAL_FAILURE_THRESHOLD },
    },
    randomUUID(),
  );
  return plan.id;
}

export async function startPayPalMembership(
  product: Sold,
  choice: Choice,
  buyer: { email?: string } | null | undefined,
  opts: { visit?: Attribution; referral?: Referral },
  createFailed: string,
): Promise<StartedCheckout> {
  const paypal = await paypalFor(product.creator_id);
  if (!paypal?.active) throw new ValidationError(PAYPAL_UNAVAILABLE, "checkout.paypal_unavailable");
  const creds: PayPalCredentials = paypal.credentials;
  const checkoutId = `ppm_${randomUUID().replace(/-/g, "")}`;
  const site = Config.siteUrl();
  let subscriptionId: string;
  let url: string | undefined;
  try {
    // A seller connected before memberships: their webhook gets the subscription events now.
    await ensurePayPalEvents(creds, paypal.webhookId);
    const billing = paypalBilling(creds);
    const planId = await syncPlan(billing, product, choice);
    const sub = await billing.createSubscription({
      planId,
      customId: checkoutId,
      brandName: "Payloft",
      returnUrl: `${site}/checkout/success?session_id=${checkoutId}`,
      cancelUrl: `${site}/product/${encodeURIComponent(product.id)}`,
      ...(buyer?.email ? { email: buyer.email } : {}),
    });
    subscriptionId = sub.id;
    url = approveLinkOf(sub);
  } catch (err) {
    logger.warn("paypal membership checkout failed", { productId: product.id, error: (err as Error).message });
    throw new ProviderError(createFailed, "checkout.provider_failed");
  }
  if (!url) throw new ProviderError(createFailed, "checkout.provider_failed");
  const payableUntil = new Date(Date.now() + PAYABLE_SECONDS * 1000);
  await recordCheckout({
    session_id: checkoutId,
    kind: "membership",
    provider: "paypal",
    provider_ref: subscriptionId,
    product_id: product.id,
    creator_id: product.creator_id,
    amount: choice.amount,
    list_price: choice.amount,
    currency: product.currency,
    tier: choice.tier.id,
    interval: choice.interval,
    ...(product.trial_days ? { trial_days: product.trial_days } : {}),
    session_expires_at: payableUntil.toISOString(),
    ...(paypal.credentialId ? { credential_id: paypal.credentialId } : {}),
    ...(buyer?.email ? { buyer_email: buyer.email.trim().toLowerCase() } : {}),
    ...(opts.visit ? { visit: opts.visit } : {}),
    ...opts.referral,
    product_snapshot: await productSnapshot(product),
  });
  return { url, checkoutId, payableUntil };
}
