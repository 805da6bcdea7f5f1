import { parseInput } from "../validation";
import type { CreateEntityItem } from "electrodb";
import * as z from "zod/mini";
import "../zod";
import { Config } from "../config/index";
import { IntegrationEntity, type IntegrationItem } from "../db/entities";
import { ValidationError } from "../errors";
import { decryptSecret, encryptSecret, maskKey } from "../payment/secrets";
import { KEY_MSG, checkStripeKey } from "./key-check";
import { registerSellerWebhook, unregisterSellerWebhook } from "./webhook";
import { SELLER_EVENTS, updateSellerWebhookEvents } from "./webhook-events";
import { IntegrationStatus } from "./status";
import { newCredentialId, retirePayPal, retireStripe } from "./retire";
import * as IntegrationCredentials from "./credentials";
import {
  PAYPAL_MSG,
  paypalFields,
  storedPayPalCredentials as paypalCredentials,
  unregisterPayPalWebhook,
} from "./paypal";

/**
 * A seller's payment integration (Settings → Payment
 * Setup). One per seller. Secrets are stored encrypted and only ever answered masked
 * (rule: Sellers' keys); the server decrypts them for its own Stripe calls.
 */
export namespace Integration {
  export const Info = z.object({
    provider: z.enum(["stripe", "paypal"]),
    is_active: z.boolean(),
    is_live: z.boolean(),
    stripe_publishable_key: z.string(),
    /** Masked, e.g. "sk_test_...4242" or "rk_live_...9a1B" (a restricted key). */
    stripe_secret_key: z.string(),
    paypal_client_id: z.string(),
    /** Masked. */
    paypal_client_secret: z.string(),
    paypal_webhook_id: z.string(),
    /** Stripe Tax on product checkouts (Stripe checkouts only). */
    automatic_tax: z.boolean(),
    updated_at: z.string(),
  });
  export type Info = z.infer<typeof Info>;

  export const MSG = {
    provider: "Choose Stripe or PayPal as your payment provider.",
    publishableMissing: "Enter your Stripe publishable key (it starts with pk_test_ or pk_live_).",
    publishableFormat: "Your Stripe publishable key must start with pk_test_ or pk_live_.",
    secretMissing:
      "Enter your Stripe restricted key (rk_test_ or rk_live_, recommended) or secret key (sk_test_ or sk_live_).",
    secretFormat: "Your Stripe key must start with rk_test_ or rk_live_ (a restricted key) or sk_test_ or sk_live_.",
    maskedUnknown: "Enter your full Stripe secret key: the masked value can't be used here.",
    keysMixed: "Your publishable and secret keys must both be test keys or both be live keys.",
    testInLive: KEY_MSG.testInLive,
    liveInTest: KEY_MSG.liveInTest,
    rejected: KEY_MSG.rejected,
    unreachable: KEY_MSG.unreachable,
    paypalId: PAYPAL_MSG.id,
    paypalSecret: PAYPAL_MSG.secret,
  } as const;

  const text = z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(500, "That key is too long: paste only the key itself."))),
    z.transform((v: string | null | undefined) => v ?? ""),
  );
  const flag = (fallback: boolean) =>
    z.pipe(
      z.nullish(z.boolean("Use true or false for the on/off switches.")),
      z.transform((v: boolean | null | undefined) => v ?? fallback),
    );
  export const Input = z.object({
    provider: z.enum(["stripe", "paypal"], MSG.provider),
    is_active: flag(true),
    is_live: flag(false),
    stripe_publishable_key: text,
    stripe_secret_key: text,
    paypal_client_id: text,
    paypal_client_secret: text,
    /** Accepted for the spec's whole-object save, but ignored: Payloft registers the webhook itself. */
    paypal_webhook_id: text,
    /** Left out: the stored choice is kept (a form that does not show the switch cannot turn it off). */
    automatic_tax: z.nullish(z.boolean("Use true or false for automatic tax.")),
  });

  type Stored = IntegrationItem;

  const load = async (userId: string) => (await IntegrationEntity.get({ user_id: userId }).go()).data;
  const open = (enc: string | undefined) => (enc ? decryptSecret(enc) : "");
  /** A value the form sent back unchanged is the masked form: it means "keep the stored one". */
  const isMasked = (v: string) => v.includes("...");

  function serialize(i: Stored): Info {
    return {
      provider: i.provider,
      is_active: i.is_active,
      is_live: i.is_live,
      stripe_publishable_key: i.stripe_publishable_key ?? "",
      stripe_secret_key: maskKey(open(i.stripe_secret_key_enc)),
      paypal_client_id: i.paypal_client_id ?? "",
      paypal_client_secret: maskKey(open(i.paypal_client_secret_enc)),
      paypal_webhook_id: i.paypal_webhook_id ?? "",
      automatic_tax: i.automatic_tax ?? false,
      updated_at: i.updated_at,
    };
  }

  const parse = (input: unknown) => parseInput(Input, input, { code: "integration.invalid", fallback: MSG.provider });

  /** The seller's integration (masked), or null when none is saved. */
  export async function get(userId: string): Promise<Info | null> {
    const item = await load(userId);
    return item ? serialize(item) : null;
  }

  /** Validates, checks the keys with the provider, (re)registers the seller's webhook, stores encrypted. */
  export async function save(userId: string, input: unknown): Promise<Info> {
    const data = parse(input);
    const existing = (await load(userId)) ?? undefined;
    const next: CreateEntityItem<typeof IntegrationEntity> = {
      user_id: userId,
      provider: data.provider,
      is_active: data.is_active,
      is_live: data.is_live,
      // Fields of the other provider are kept, so switching back does not lose them.
      stripe_publishable_key: existing?.stripe_publishable_key,
      stripe_secret_key_enc: existing?.stripe_secret_key_enc,
      paypal_client_id: existing?.paypal_client_id,
      paypal_client_secret_enc: existing?.paypal_client_secret_enc,
      paypal_webhook_id: existing?.paypal_webhook_id,
      paypal_is_live: existing?.paypal_is_live,
      webhook_endpoint_id: existing?.webhook_endpoint_id,
      webhook_events: existing?.webhook_events,
      webhook_secret_enc: existing?.webhook_secret_enc,
      stripe_credential_id: existing?.stripe_credential_id,
      paypal_credential_id: existing?.paypal_credential_id,
      automatic_tax: data.automatic_tax ?? existing?.automatic_tax ?? false,
      ...(existing ? { created_at: existing.created_at } : {}),
    };
    if (data.provider === "stripe") Object.assign(next, await stripeFields(userId, data, existing));
    else
      Object.assign(
        next,
        await paypalFields(
          userId,
          { clientId: data.paypal_client_id, secret: data.paypal_client_secret, live: data.is_live },
          existing,
        ),
      );
    const saved = await IntegrationEntity.put(next).go();
    return serialize(saved.data);
  }

  async function stripeFields(userId: string, data: z.infer<typeof Input>, existing: Stored | undefined) {
    const pk = data.stripe_publishable_key;
    if (!pk) throw new ValidationError(MSG.publishableMissing, "integration.invalid");
    if (!/^pk_(test|live)_\w+$/.test(pk)) throw new ValidationError(MSG.publishableFormat, "integration.invalid");
    const storedSecret = open(existing?.stripe_secret_key_enc);
    let sk = data.stripe_secret_key;
    if (isMasked(sk)) {
      if (!storedSecret || maskKey(storedSecret) !== sk)
        throw new ValidationError(MSG.maskedUnknown, "integration.invalid");
      sk = storedSecret;
    }
    if (!sk) throw new ValidationError(MSG.secretMissing, "integration.invalid");
    if (!/^(sk|rk)_(test|live)_\w+$/.test(sk)) throw new ValidationError(MSG.secretFormat, "integration.invalid");
    const pkLive = pk.startsWith("pk_live_");
    const skLive = /^(sk|rk)_live_/.test(sk);
    if (pkLive !== skLive) throw new ValidationError(MSG.keysMixed, "integration.invalid");
    if (data.is_live && !skLive) throw new ValidationError(MSG.testInLive, "integration.mode_mismatch");
    if (!data.is_live && skLive) throw new ValidationError(MSG.liveInTest, "integration.mode_mismatch");

    await checkStripeKey(sk, data.is_live);
    // Another key: checkouts made with the old one are confirmed with it while they can be paid.
    const sameKey = sk === storedSecret;
    if (!sameKey) await retireStripe(existing);
    const fields = {
      stripe_publishable_key: pk,
      stripe_secret_key_enc: sameKey ? existing!.stripe_secret_key_enc : encryptSecret(sk),
      stripe_credential_id: (sameKey && existing?.stripe_credential_id) || newCredentialId(),
    };
    // A new key may be a different Stripe account: its events need their own endpoint there.
    const keptEndpoint = sk === storedSecret && existing?.webhook_secret_enc ? existing.webhook_endpoint_id : undefined;
    if (keptEndpoint) {
      const updated = await updateSellerWebhookEvents(sk, keptEndpoint);
      return updated ? { ...fields, webhook_events: SELLER_EVENTS.length } : fields;
    }
    if (existing?.webhook_endpoint_id && storedSecret)
      await unregisterSellerWebhook(storedSecret, existing.webhook_endpoint_id);
    const endpoint = await registerSellerWebhook(
      sk,
      `${Config.siteUrl()}/api/webhooks/stripe/${encodeURIComponent(userId)}`,
    );
    return {
      ...fields,
      webhook_endpoint_id: endpoint.id,
      webhook_events: SELLER_EVENTS.length,
      webhook_secret_enc: encryptSecret(endpoint.secret),
    };
  }

  /**
   * Deletes the integration and its Stripe and PayPal webhooks; checkout stops for this seller.
   * Its keys are kept (retired) for the checkouts already open: a buyer paying one still gets
   * the sale, through the success page or the checkout reconciler.
   */
  export async function remove(userId: string): Promise<void> {
    const existing = await load(userId);
    if (!existing) return;
    await retireStripe(existing);
    await retirePayPal(existing);
    const secret = open(existing.stripe_secret_key_enc);
    if (existing.webhook_endpoint_id && secret) await unregisterSellerWebhook(secret, existing.webhook_endpoint_id);
    const paypal = paypalCredentials(existing);
    if (paypal && existing.paypal_webhook_id) await unregisterPayPalWebhook(paypal, existing.paypal_webhook_id);
    await IntegrationEntity.delete({ user_id: userId }).go();
  }

  /** Which buy button the sales page shows (no key material: see ./status). */
  export const paymentInfo = IntegrationStatus.paymentInfo;

  /** Sellers' keys in clear for server-side calls only (see ./credentials). */
  export const paypalFor = IntegrationCredentials.paypalFor;
  export const stripeSecretFor = IntegrationCredentials.stripeSecretFor;
  export const stripeCheckoutFor = IntegrationCredentials.stripeCheckoutFor;
  export const webhookSecretFor = IntegrationCredentials.webhookSecretFor;

  /** Admin user detail: the seller's integrations without any key material (see ./status). */
  export const listForAdmin = IntegrationStatus.listForAdmin;
}
