import type Stripe from "stripe";
import * as z from "zod/mini";
import "../zod";
import { Config } from "../config/index";
import { formatMoney, minimumChargeOf } from "../currency/index";
import { ProviderError, ValidationError } from "../errors";
import { stripeCheckoutFor } from "../integration/credentials";
import { IntegrationStatus } from "../integration/status";
import { logger } from "../log/index";
import { stripeClient } from "../payment/stripe";
import { productForCheckout } from "../product/public";
import { visitOf, type Attribution } from "../traffic/source";
import { parseInput } from "../validation";
import { attachCheckout, release } from "../discount/redeem";
import { PAYPAL_UNAVAILABLE, startPayPalCheckout, type StartedCheckout } from "./paypal";
import { chargeFor, type Charge } from "./pricing";
import { checkoutLocale } from "./locale";
import { callerNetwork } from "../rate-limit/network";
import { PAYABLE_SECONDS } from "./lifetime";
import { isoFromSeconds, lineItemOf, productSnapshot, recordCheckout } from "./record";
import { bumpLines, cartLines, type Lines, type Product } from "./lines";
import { storedReservation } from "./reservation";
import { buyFormInput } from "./form";
import { MAX_TRANSACTION_ACTIONS, writesToRecord } from "../purchase/transaction-size";
import { referralFor, referralForOrder, type Referral } from "../affiliate/referral";
import { chosenPrice, startStripeMembership } from "./membership";
import { startPayPalMembership } from "./paypal-membership";

/**
 * Buying a product: a Checkout Session on the SELLER's own Stripe account (or a PayPal order,
 * ./paypal.ts), at the price stored on the server (rule: Cents and server prices), plus Payloft's checkout
 * record: the only thing that makes a paid session a sale (rule: Our checkouts only).
 */
export namespace Checkout {
  export const NO_PROVIDER = "This seller has not set up payments yet.";
  /** Only for a PayPal integration that cannot take payments (rule: PayPal). */
  export const PAYPAL_SOON = PAYPAL_UNAVAILABLE;
  export const CREATE_FAILED = "Failed to create checkout session";
  export const MEMBERSHIP_EXTRAS = "Discount codes and pay-what-you-want amounts don't apply to memberships.";
  const hasOneTimeChoices = (input: unknown) => {
    const i = (input ?? {}) as { discount_code?: unknown; amount?: unknown };
    return (i.discount_code !== undefined && i.discount_code !== "") || i.amount !== undefined;
  };
  /** Stripe refuses card charges under $0.50 (USD); other currencies: minimumChargeOf. */
  export const MIN_CHARGE = 50;

  /** The sales page's Buy form's fields as createSession's input (./form). */
  export const formInput = buyFormInput;

  export const REF_INVALID = "ref must be an affiliate's code: up to 16 letters and digits.";
  const choice = (message: string) =>
    z.optional(z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(100, message)));
  const CreateInput = z.object({
    /** A membership's tier id and interval (month, quarter, year); refused for a one-time product. */
    tier: choice("tier must be the id of one of the membership's tiers."),
    interval: choice("interval must be month, quarter or year."),
    productId: z
      .string("Please choose a product to buy.")
      .check(
        z.trim(),
        z.minLength(1, "Please choose a product to buy."),
        z.maxLength(200, "Please choose a product to buy."),
      ),
    /** The product's order bump, ticked under the Buy button. */
    order_bump: z.optional(z.boolean("order_bump must be true or false.")),
    /** The affiliate code the page was opened with (?ref=): it wins over the cookie's entry. */
    ref: z.optional(
      z.string(REF_INVALID).check(z.trim(), z.maxLength(16, REF_INVALID), z.regex(/^[A-Za-z0-9]*$/, REF_INVALID)),
    ),
  });

  /**
   * POST /api/checkout/create-session {productId, discount_code?, amount?, visit?} -> {url,
   * checkout_id} (the id the success page is reached with: the overlay asks about it when its
   * payment tab closes). The charge is computed on the server (checkout/pricing.ts); a discount
   * use reserved for it is tied to the checkout, or given back when no checkout could be created.
   * `visit` (referrer, utm_*) is the sales-page visit the buyer came from: the record keeps it, so
   * the sale counts in traffic analytics. `acceptLanguage` is the buyer's browser's header: the
   * payment page speaks their language (see ./locale). `address` is the buyer's network address:
   * one address (an IPv6 one by its /64: ./buyer-network) holds at most a few of a discount
   * code's uses in unpaid checkouts (discount/redeem.ts). `referral` is the affiliate cookie and
   * `ref` in the input the code the page was opened with (affiliate/referral.ts): the record
   * keeps the affiliate and their rate now.
   */
  export async function createSession(
    input: unknown,
    buyer?: { email?: string } | null,
    opts: { acceptLanguage?: string; address?: string; referral?: string } = {},
  ): Promise<{ url: string; checkout_id: string }> {
    const visit = visitOf(input);
    const address = opts.address ? { address: callerNetwork(opts.address) } : {};
    // A cart: several of one creator's products in one payment (./lines.ts).
    if (isCart(input)) return startOrder(await cartLines(input, address), buyer, { ...opts, visit });
    const { productId, order_bump: wantsBump, tier, interval, ref } = parseInput(CreateInput, input);
    const product = await productForCheckout(productId, { recurring: true });

    const { provider } = await IntegrationStatus.paymentInfo(product.creator_id);
    if (!provider) throw new ValidationError(NO_PROVIDER, "checkout.no_provider");
    if (product.billing === "recurring") {
      const chosen = chosenPrice(product, tier, interval);
      if (hasOneTimeChoices(input)) throw new ValidationError(MEMBERSHIP_EXTRAS, "checkout.membership_extras");
      const referral = await referralFor(product, opts.referral, ref);
      const started =
        provider === "paypal"
          ? await startPayPalMembership(product, chosen, buyer, { visit, referral }, CREATE_FAILED)
          : await startStripeMembership(
              product,
              chosen,
              buyer,
              { acceptLanguage: opts.acceptLanguage, visit, referral },
              NO_PROVIDER,
              CREATE_FAILED,
            );
      return { url: started.url, checkout_id: started.checkoutId };
    }
    if (tier !== undefined || interval !== undefined)
      throw new ValidationError(
        "This product is bought once: it has no tiers or intervals.",
        "checkout.not_membership",
      );
    const charge = await chargeFor(product, input, address);
    // The order bump ticked under the Buy button: a second line in the same payment.
    if (wantsBump)
      return startOrder(
        await bumpLines(product, charge).catch(async (err: unknown) => {
          if (charge.reservation) await release(charge.reservation);
          throw err;
        }),
        buyer,
        { ...opts, visit, ...(ref ? { ref } : {}) },
      );
    const referral = await referralFor(product, opts.referral, ref);
    try {
      const started =
        provider === "paypal"
          ? await startPayPalCheckout(await singleLine(product, charge), buyer, visit, referral)
          : await startStripeCheckout(await singleLine(product, charge), buyer, { ...opts, visit, referral });
      if (charge.reservation) await attachCheckout(charge.reservation, started.checkoutId, started.payableUntil);
      return { url: started.url, checkout_id: started.checkoutId };
    } catch (err) {
      // The buyer hears why the checkout failed; a use that cannot be given back right now (its
      // code busy at a launch) comes back after its grace when the code is used up (giveBackExpired).
      if (charge.reservation) await release(charge.reservation).catch(() => false);
      throw err;
    }
  }

  const isCart = (input: unknown) => typeof input === "object" && input !== null && "items" in input;

  /** Several lines in one payment: one line item (Stripe) or order item (PayPal) each. */
  async function startOrder(
    order: Lines,
    buyer: { email?: string } | null | undefined,
    opts: { acceptLanguage?: string; visit?: Attribution; referral?: string; ref?: string },
  ): Promise<{ url: string; checkout_id: string }> {
    try {
      if (writesToRecord(order.lines.map((l) => l.snapshot)) > MAX_TRANSACTION_ACTIONS)
        throw new ValidationError(TOO_MUCH, "cart.too_large");
      const { provider } = await IntegrationStatus.paymentInfo(order.creator_id);
      if (!provider) throw new ValidationError(NO_PROVIDER, "checkout.no_provider");
      // The affiliate of the cookie (or the page's ref) who may earn on any of its products.
      const referral = await referralForOrder(
        order.lines.map((l) => l.product),
        opts.referral,
        opts.ref,
      );
      const started =
        provider === "paypal"
          ? await startPayPalCheckout(order, buyer, opts.visit, referral)
          : await startStripeCheckout(order, buyer, {
              acceptLanguage: opts.acceptLanguage,
              visit: opts.visit,
              referral,
            });
      if (order.reservation) await attachCheckout(order.reservation, started.checkoutId, started.payableUntil);
      return { url: started.url, checkout_id: started.checkoutId };
    } catch (err) {
      if (order.reservation) await release(order.reservation);
      throw err;
    }
  }

  /** An order whose purchases could not be recorded in one transaction (its bundles' items count each). */
  export const TOO_MUCH =
    "These products hold too many items to deliver from one payment (each item of a bundle counts): please buy them in two orders.";

  /** One product's checkout as an order of one line. */
  async function singleLine(product: Product, charge: Charge): Promise<Lines> {
    return {
      lines: [{ product, amount: charge.amount, list_price: product.price, snapshot: await productSnapshot(product) }],
      currency: product.currency,
      creator_id: product.creator_id,
      amount: charge.amount,
      ...(charge.discount_code ? { discount_code: charge.discount_code } : {}),
      ...(charge.reservation ? { reservation: charge.reservation } : {}),
    };
  }

  async function startStripeCheckout(
    order: Lines,
    buyer?: { email?: string } | null,
    opts: { acceptLanguage?: string; visit?: Attribution; referral?: Referral } = {},
  ): Promise<StartedCheckout> {
    const first = order.lines[0]!.product;
    const least = minimumChargeOf(order.currency);
    if (order.amount < least) {
      throw new ValidationError(
        `${order.lines.length > 1 ? "This order" : "This product"} can't be bought online: card payments must be at least ${formatMoney(least, order.currency)}.`,
        "checkout.below_minimum",
      );
    }
    const stripe = await stripeCheckoutFor(order.creator_id);
    if (!stripe) throw new ValidationError(NO_PROVIDER, "checkout.no_provider");

    const site = Config.siteUrl();
    let session: Stripe.Checkout.Session;
    try {
      session = await stripeClient(stripe.secret).checkout.sessions.create({
        mode: "payment",
        // One line item per product, at the price Payloft decided (rule: Cents and server prices).
        line_items: order.lines.map((line) => ({
          quantity: 1,
          price_data: {
            currency: order.currency,
            unit_amount: line.amount,
            product_data: {
              name: line.product.name,
              ...(line.product.description ? { description: line.product.description.slice(0, 500) } : {}),
            },
          },
        })),
        // A signed-in buyer gets their e-mail prefilled; the purchase then lands in their portal.
        ...(buyer?.email ? { customer_email: buyer.email } : {}),
        // Stripe's shortest life (./lifetime.ts): a discount use it holds comes back soon, and the
        // seller's retired keys are needed only that long.
        expires_at: Math.floor(Date.now() / 1000) + PAYABLE_SECONDS,
        success_url: `${site}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${site}/product/${first.id}`,
        metadata: { kind: "product", product_id: first.id, creator_id: order.creator_id },
        locale: checkoutLocale(opts.acceptLanguage),
        // Stripe Tax adds tax on top of the price from the buyer's billing address (docs/decisions.md).
        ...(stripe.automaticTax
          ? { automatic_tax: { enabled: true }, billing_address_collection: "required" as const }
          : {}),
      });
    } catch (err) {
      logger.warn("seller checkout session failed", { productId: first.id, error: (err as Error).message });
      throw new ProviderError(CREATE_FAILED, "checkout.provider_failed");
    }
    if (!session.url) throw new ProviderError(CREATE_FAILED, "checkout.provider_failed");

    await recordCheckout({
      session_id: session.id,
      kind: "product",
      provider: "stripe",
      product_id: first.id,
      creator_id: order.creator_id,
      amount: order.amount,
      list_price: order.lines.reduce((s, l) => s + l.list_price, 0),
      ...(order.discount_code ? { discount_code: order.discount_code } : {}),
      ...storedReservation(order.reservation),
      currency: order.currency,
      ...(stripe.automaticTax ? { automatic_tax: true } : {}),
      session_expires_at: isoFromSeconds(session.expires_at),
      // The key it was made with: confirming it uses that one, even after Payment Setup changes.
      ...(stripe.credentialId ? { credential_id: stripe.credentialId } : {}),
      ...(buyer?.email ? { buyer_email: buyer.email.trim().toLowerCase() } : {}),
      ...(opts.visit ? { visit: opts.visit } : {}),
      ...opts.referral,
      // What the buyer receives, even if a product is deleted or switched off before they pay.
      product_snapshot: order.lines[0]!.snapshot,
      ...(order.lines.length > 1 ? { line_items: order.lines.map(lineItemOf) } : {}),
    });
    return { url: session.url, checkoutId: session.id, payableUntil: new Date(session.expires_at * 1000) };
  }
}
