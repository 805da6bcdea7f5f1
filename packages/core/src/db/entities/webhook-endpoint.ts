import type { EntityItem } from "electrodb";
import { LazyEntity, cfg, timestamps } from "./model";

/**
 * A creator's outgoing webhook endpoint: where Payloft POSTs their sale, refund, subscription
 * and licence events, signed with the endpoint's secret (stored encrypted: it must be read
 * back to sign). A creator's endpoints (list, fan-out of an event): gsi1 by user.
 */
export const WebhookEndpointEntity = new LazyEntity(
  {
    model: { entity: "webhook_endpoint", version: "1", service: "payloft" },
    attributes: {
      id: { type: "string", required: true },
      user_id: { type: "string", required: true },
      url: { type: "string", required: true },
      /** Event types, or `subscription.*` for every subscription event. */
      events: { type: "list", items: { type: "string" }, required: true },
      secret_enc: { type: "string", required: true },
      /** After a roll: the secret before it, which still signs (beside the new one) until `previous_secret_until`. */
      previous_secret_enc: { type: "string" },
      previous_secret_until: { type: "string" },
      is_active: { type: "boolean", required: true, default: true },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["id"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
      byUser: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["user_id"], casing: "none" },
        sk: { field: "gsi1sk", composite: ["created_at"], casing: "none" },
      },
    },
  },
  cfg(),
);

export type WebhookEndpointItem = EntityItem<typeof WebhookEndpointEntity>;
