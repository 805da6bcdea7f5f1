import { itemSchema } from "./define";
import { timestamps } from "./timestamps";

/** The plain schema of integration items (no ElectroDB import: db/lean reads them too); entities/integration.ts builds the entity from it. */
export const integrationSchema = itemSchema({
  model: { entity: "integration", version: "1", service: "payloft" },
  attributes: {
    user_id: { type: "string", required: true },
    provider: { type: ["stripe", "paypal"] as const, required: true, default: "stripe" },
    is_active: { type: "boolean", required: true, default: true },
    is_live: { type: "boolean", required: true, default: false },
    stripe_publishable_key: { type: "string" },
    stripe_secret_key_enc: { type: "string" },
    paypal_client_id: { type: "string" },
    paypal_client_secret_enc: { type: "string" },
    paypal_webhook_id: { type: "string" },
    /** The mode the PayPal credentials were checked in (is_live may change with a Stripe save). */
    paypal_is_live: { type: "boolean" },
    webhook_endpoint_id: { type: "string" },
    /** How many of SELLER_EVENTS (integration/webhook-events.ts) the endpoint was last given; fewer: brought up to date when needed. */
    webhook_events: { type: "number" },
    /** Stripe Tax on the seller's product checkouts (Stripe only; needs Stripe Tax active in their account). */
    automatic_tax: { type: "boolean" },
    webhook_secret_enc: { type: "string" },
    /** Names the current Stripe key / PayPal app; a checkout record keeps the name it was created with. */
    stripe_credential_id: { type: "string" },
    paypal_credential_id: { type: "string" },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["user_id"], casing: "none" },
      sk: { field: "sk", composite: [], casing: "none" },
    },
  },
});
