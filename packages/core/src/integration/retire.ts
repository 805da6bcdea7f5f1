import { randomUUID } from "node:crypto";
import { credentialsNeededUntil } from "../checkout/lifetime";
import { RetiredCredentialEntity, type IntegrationItem, type RetiredCredentialItem } from "../db/entities";

/**
 * Payment Setup replaced or removed a seller's Stripe key or PayPal app: checkouts created with
 * it may still be paid, and confirming them needs it (a buyer who pays after the seller changed
 * their setup is still a sale). So it is kept, sealed as the integration kept it, under the
 * name those checkout records carry, until none of them can be open any more; the checkout
 * reconciler deletes it then (checkout/reconcile.ts).
 */
export const newCredentialId = () => `cred_${randomUUID().replaceAll("-", "")}`;

type Retired = Pick<RetiredCredentialItem, "provider" | "secret_enc" | "is_live" | "client_id">;

async function retire(existing: IntegrationItem, credentialId: string | undefined, c: Retired): Promise<void> {
  await RetiredCredentialEntity.put({
    user_id: existing.user_id,
    credential_id: credentialId ?? newCredentialId(),
    ...c,
    retired_at: new Date().toISOString(),
    keep_until: credentialsNeededUntil(),
  }).go();
}

export async function retireStripe(existing: IntegrationItem | undefined): Promise<void> {
  if (!existing?.stripe_secret_key_enc) return;
  await retire(existing, existing.stripe_credential_id, {
    provider: "stripe",
    secret_enc: existing.stripe_secret_key_enc,
    is_live: existing.is_live,
  });
}

export async function retirePayPal(existing: IntegrationItem | undefined): Promise<void> {
  if (!existing?.paypal_client_id || !existing.paypal_client_secret_enc) return;
  await retire(existing, existing.paypal_credential_id, {
    provider: "paypal",
    secret_enc: existing.paypal_client_secret_enc,
    client_id: existing.paypal_client_id,
    is_live: existing.paypal_is_live ?? existing.is_live,
  });
}
