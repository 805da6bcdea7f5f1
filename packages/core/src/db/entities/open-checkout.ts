import type { EntityItem } from "electrodb";
import { LazyEntity, cfg, timestamps } from "./model";

/**
 * A product checkout that is neither recorded as a sale nor closed unpaid yet, by when the
 * checkout reconciler should look at it (`due_at`: the provider's deadline plus a grace).
 * Written in the same transaction as the checkout record, deleted when the sale is recorded
 * or the checkout is closed unpaid; the reconciler (checkout/reconcile.ts) reads the due ones,
 * oldest first. One partition for all: a few writes per checkout, well inside a partition's
 * capacity at this marketplace's scale (shard `due_at` by hour if that ever changes).
 */
export const OpenCheckoutEntity = new LazyEntity(
  {
    model: { entity: "open_checkout", version: "1", service: "payloft" },
    attributes: {
      session_id: { type: "string", required: true },
      due_at: { type: "string", required: true },
      creator_id: { type: "string", required: true },
      provider: { type: ["stripe", "paypal"] as const, required: true },
      /** The credentials it was created with (see RetiredCredentialEntity). */
      credential_id: { type: "string" },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: [], casing: "none" },
        sk: { field: "sk", composite: ["due_at", "session_id"], casing: "none" },
      },
    },
  },
  cfg(),
);

export type OpenCheckoutItem = EntityItem<typeof OpenCheckoutEntity>;
