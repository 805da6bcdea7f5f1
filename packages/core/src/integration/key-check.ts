import type Stripe from "stripe";
import { ProviderError, ValidationError } from "../errors";
import { logger } from "../log/index";
import { stripeClient } from "../payment/stripe";
import { STRIPE_KEY_PERMISSIONS, permissionLabel } from "./stripe-permissions";

/**
 * Checks a seller's Stripe key when Payment Setup is saved. A secret key (sk_) can do
 * everything: Stripe is asked for the balance, which says whether the key works and in which
 * mode. A restricted key (rk_) is tried against each permission Payloft needs with a call that
 * changes nothing (an id that does not exist): Stripe checks the key's permissions before it
 * looks the id up, so "no such …" means allowed and its 403 names the permission missing. All
 * missing permissions are named at once, so the seller fixes the key in one visit.
 */
export const KEY_MSG = {
  rejected: "Your Stripe key was rejected by Stripe. Check it and try again.",
  unreachable: "We couldn't reach Stripe to check your keys. Please try again in a moment.",
  testInLive:
    "You chose Live mode but entered test keys (pk_test_/sk_test_). Switch to Test mode or enter your live keys.",
  liveInTest:
    "You chose Test mode but entered live keys (pk_live_/sk_live_). Switch to Live mode or enter your test keys.",
  missing: (labels: string[]) =>
    `Your restricted key is missing ${labels.length === 1 ? "this permission" : "these permissions"}: ${labels.join(", ")}. Add ${labels.length === 1 ? "it" : "them"} to the key in your Stripe dashboard (Developers → API keys), then save again.`,
} as const;

/** A call per permission that reaches Stripe's permission check and changes nothing. */
const NO_SUCH = "payloft_permission_check";
const probes: Record<string, (s: Stripe) => Promise<unknown>> = {
  rak_checkout_session_write: (s) => s.checkout.sessions.expire(`cs_${NO_SUCH}`),
  rak_webhook_write: (s) => s.webhookEndpoints.update(`we_${NO_SUCH}`, { description: "Payloft" }),
  rak_refund_write: (s) => s.refunds.create({ payment_intent: `pi_${NO_SUCH}` }),
  rak_payment_intent_read: (s) => s.paymentIntents.retrieve(`pi_${NO_SUCH}`),
  rak_charge_read: (s) => s.charges.retrieve(`ch_${NO_SUCH}`),
};

type StripeFailure = { type?: string; statusCode?: number; message?: string };
const isAuthFailure = (e: StripeFailure) => e.type === "StripeAuthenticationError" || e.statusCode === 401;
const isPermissionFailure = (e: StripeFailure) => e.type === "StripePermissionError" || e.statusCode === 403;
/** The answer of a call that got past the permission check: the id does not exist, as intended. */
const isNoSuch = (e: StripeFailure) => e.statusCode === 404 || e.statusCode === 400;

export async function checkStripeKey(secretKey: string, live: boolean): Promise<void> {
  if (secretKey.startsWith("rk_")) return checkRestrictedKey(secretKey);
  let balance;
  try {
    balance = await stripeClient(secretKey).balance.retrieve();
  } catch (err) {
    const e = err as StripeFailure;
    if (isAuthFailure(e) || isPermissionFailure(e))
      throw new ValidationError(KEY_MSG.rejected, "integration.key_rejected");
    logger.warn("stripe key check failed", { error: e.message });
    throw new ProviderError(KEY_MSG.unreachable, "integration.provider_unreachable");
  }
  if (balance.livemode !== live)
    throw new ValidationError(live ? KEY_MSG.testInLive : KEY_MSG.liveInTest, "integration.mode_mismatch");
}

/** A restricted key's mode is in its prefix (checked before); here: does it work, and may it do each thing? */
async function checkRestrictedKey(key: string): Promise<void> {
  const stripe = stripeClient(key);
  const outcomes = await Promise.all(
    STRIPE_KEY_PERMISSIONS.map(async (p) => {
      try {
        await probes[p.slug]!(stripe);
        return "allowed" as const;
      } catch (err) {
        const e = err as StripeFailure;
        if (isAuthFailure(e)) return "rejected" as const;
        if (isPermissionFailure(e)) return "missing" as const;
        if (isNoSuch(e)) return "allowed" as const;
        logger.warn("stripe restricted key check failed", { permission: p.slug, error: e.message });
        return "unreachable" as const;
      }
    }),
  );
  if (outcomes.includes("rejected")) throw new ValidationError(KEY_MSG.rejected, "integration.key_rejected");
  if (outcomes.includes("unreachable"))
    throw new ProviderError(KEY_MSG.unreachable, "integration.provider_unreachable");
  const missing = STRIPE_KEY_PERMISSIONS.filter((_, i) => outcomes[i] === "missing").map(permissionLabel);
  if (missing.length) throw new ValidationError(KEY_MSG.missing(missing), "integration.key_permissions");
}
