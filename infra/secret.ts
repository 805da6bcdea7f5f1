/**
 * Every secret the product reads through `Resource` (names mirrored in sst-env.d.ts).
 * Set them per stage: `npx sst secret set <Name> <value> --stage <stage>` (README).
 * Never link them all: each Lambda links only the ones its code reads (packages/functions/src/links.ts).
 */
import type { SecretName } from "../packages/functions/src/links";
import { SECRET_PLACEHOLDER } from "../packages/core/src/config/placeholder";

export const secrets = {
  /** The platform's own Stripe secret key (plan subscriptions, lifetime deal). */
  StripeSecretKey: new sst.Secret("StripeSecretKey"),
  /**
   * Signing secret of the platform's Stripe webhook endpoint (/api/webhooks/stripe). Stripe gives
   * it once the endpoint exists, at an address the first deploy prints: a placeholder until then
   * (the startup check refuses it, so the webhook answers 503 meanwhile).
   */
  StripeWebhookSecret: new sst.Secret("StripeWebhookSecret", SECRET_PLACEHOLDER),
  /** 32 random bytes, base64 (`openssl rand -base64 32`): encrypts sellers' payment keys (AES-256-GCM). */
  EncryptionKey: new sst.Secret("EncryptionKey"),
  /** Comma-separated e-mails that become admins on sign-in. */
  AdminEmails: new sst.Secret("AdminEmails"),
  /** Comma-separated e-mails with no product limit; empty unless set. */
  UnlimitedEmails: new sst.Secret("UnlimitedEmails", ""),
  /**
   * Google OAuth client used by the sign-in issuer. Its redirect URI is the issuer's address,
   * which the first deploy prints: placeholders until then (sign-in answers 503 meanwhile).
   */
  GoogleClientId: new sst.Secret("GoogleClientId", SECRET_PLACEHOLDER),
  GoogleClientSecret: new sst.Secret("GoogleClientSecret", SECRET_PLACEHOLDER),
  /** 32 random bytes, base64: seals the sign-in issuer's private signing keys in the table. */
  AuthStorageKey: new sst.Secret("AuthStorageKey"),
  /**
   * 32 random bytes, base64: CloudFront adds it to every request it forwards to the API and the
   * issuer, which refuse requests without it (their own AWS addresses stay public).
   */
  OriginSecret: new sst.Secret("OriginSecret"),
} satisfies Record<SecretName, sst.Secret>;
