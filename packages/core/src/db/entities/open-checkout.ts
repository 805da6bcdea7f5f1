import type { EntityItem } from "electrodb";
import { itemSchema } from "../schemas/define";
import { LazyEntity, cfg, timestamps } from "./model";

/**
 * A product checkout that is neither recorded as a sale nor closed unpaid yet, by when the
 * checkout reconciler should look at it (`due_at`: the provider's deadline plus a grace).
 * Written in the same transaction as the checkout record, deleted when the sale is recorded
 * or the checkout is closed unpaid; the reconciler (checkout/reconcile.ts) reads the due ones,
 * oldest first, from the 16 partitions merged. Every checkout writes here twice (created, then
 * settled), and one partition takes 1,000 write units a second (docs/scale.md): in one
 * partition for all, the launch benchmark throttled it, so `shard` (a hex digit of the session
 * id's hash, checkout/open.ts) spreads them over 16.
 */
const openCheckoutSchema = itemSchema({
  model: { entity: "open_checkout", version: "1", service: "payloft" },
  attributes: {
    session_id: { type: "string", required: true },
    due_at: { type: "string", required: true },
    creator_id: { type: "string", required: true },
    provider: { type: ["stripe", "paypal"] as const, required: true },
    /** The credentials it was created with (see RetiredCredentialEntity). */
    credential_id: { type: "string" },
    /** Which of the 16 partitions (checkout/open.ts, openCheckoutShard); absent on those made before. */
    shard: { type: "string" },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["shard"], casing: "none" },
      sk: { field: "sk", composite: ["due_at", "session_id"], casing: "none" },
    },
  },
});

export const OpenCheckoutEntity = new LazyEntity(openCheckoutSchema, cfg());

/**
 * Open checkouts made before the split, all in one partition (`$payloft`). Never written again:
 * the reconciler reads them with the others and deletes each once it has settled it (a sale
 * recorded meanwhile included), so the partition drains within a checkout's deadline.
 */
export const LegacyOpenCheckoutEntity = new LazyEntity(
  itemSchema({
    ...openCheckoutSchema,
    indexes: {
      primary: {
        pk: { field: "pk", composite: [], casing: "none" },
        sk: { field: "sk", composite: ["due_at", "session_id"], casing: "none" },
      },
    },
  }),
  cfg(),
);

export type OpenCheckoutItem = EntityItem<typeof OpenCheckoutEntity>;
