import { Entity, type EntityItem } from "electrodb";
import { cfg, timestamps } from "./model";

/** Remembers what a checkout session is for, so the success page can reconcile it. */
export const CheckoutEntity = new Entity(
  {
    model: { entity: "checkout", version: "1", service: "payloft" },
    attributes: {
      session_id: { type: "string", required: true },
      kind: { type: ["product", "plan"] as const, required: true },
      product_id: { type: "string" },
      creator_id: { type: "string" },
      user_id: { type: "string" },
      plan: { type: "string" },
      billing_cycle: { type: "string" },
      amount: { type: "number" },
      currency: { type: "string" },
      /** Which provider charges it: "stripe" (the key is its session id) or "paypal". */
      provider: { type: "string" },
      /** The provider's own id for it when the key is Payloft's (PayPal: the order id). */
      provider_ref: { type: "string" },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["session_id"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
    },
  },
  cfg(),
);

export type CheckoutItem = EntityItem<typeof CheckoutEntity>;
