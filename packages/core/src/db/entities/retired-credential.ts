import type { EntityItem } from "electrodb";
import { LazyEntity, cfg, timestamps } from "./model";

/**
 * A seller's payment credentials that Payment Setup replaced or removed, kept (encrypted, as
 * the integration keeps them) while checkouts created with them may still be paid: a checkout
 * record names the credentials it was created with (`credential_id`), and confirming it uses
 * those, not the seller's current ones. The checkout reconciler deletes them once `keep_until`
 * has passed and no open checkout names them (checkout/reconcile.ts). Due for deletion: gsi1.
 */
export const RetiredCredentialEntity = new LazyEntity(
  {
    model: { entity: "retired_credential", version: "1", service: "payloft" },
    attributes: {
      user_id: { type: "string", required: true },
      credential_id: { type: "string", required: true },
      provider: { type: ["stripe", "paypal"] as const, required: true },
      /** The Stripe secret or restricted key, or the PayPal client secret. */
      secret_enc: { type: "string", required: true },
      /** PayPal: the app's client id. */
      client_id: { type: "string" },
      is_live: { type: "boolean", required: true },
      retired_at: { type: "string", required: true },
      /** ISO: every checkout created with them has expired by then (plus the reconciler's grace). */
      keep_until: { type: "string", required: true },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["user_id"], casing: "none" },
        sk: { field: "sk", composite: ["credential_id"], casing: "none" },
      },
      byKeepUntil: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: [], casing: "none" },
        sk: { field: "gsi1sk", composite: ["keep_until"], casing: "none" },
      },
    },
  },
  cfg(),
);

export type RetiredCredentialItem = EntityItem<typeof RetiredCredentialEntity>;
