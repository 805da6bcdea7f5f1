import type { EntityItem } from "electrodb";
import { LazyEntity, cfg, timestamps } from "./model";

/**
 * One event sent (or being sent) to one endpoint, with every attempt: when, the status code
 * the endpoint answered (or the error when it did not) and how long it took. The id is derived
 * from the event and the endpoint and it is created with a condition, so only the fan-out that
 * created it queues it (10 copies of one event make one delivery); each try holds a short lease
 * (`sending_until`), so a duplicate queue message never POSTs it twice. Kept 30
 * days (`expires_at`, the table's TTL). An endpoint's log: gsi1, newest first.
 */
export const WebhookDeliveryEntity = new LazyEntity(
  {
    model: { entity: "webhook_delivery", version: "1", service: "payloft" },
    attributes: {
      id: { type: "string", required: true },
      endpoint_id: { type: "string", required: true },
      user_id: { type: "string", required: true },
      event_id: { type: "string", required: true },
      event_type: { type: "string", required: true },
      /** The exact JSON body sent (and signed). */
      payload: { type: "string", required: true },
      status: { type: ["pending", "succeeded", "failed"] as const, required: true, default: "pending" },
      attempts: {
        type: "list",
        default: [],
        items: {
          type: "map",
          properties: {
            at: { type: "string", required: true },
            status_code: { type: "number" },
            error: { type: "string" },
            duration_ms: { type: "number", required: true },
            /** "retry" for the queue's own tries, "resend" when the creator asked again. */
            trigger: { type: ["first", "retry", "resend"] as const, required: true },
          },
        },
      },
      /** ISO: when this delivery was put on the queue (by the fan-out that created it, or one taking over). */
      queued_at: { type: "string" },
      /** Epoch ms: a try is being sent until then; another copy of its message does not send it too. */
      sending_until: { type: "number" },
      expires_at: { type: "number", required: true },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["id"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
      byEndpoint: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["endpoint_id"], casing: "none" },
        sk: { field: "gsi1sk", composite: ["created_at"], casing: "none" },
      },
    },
  },
  cfg(),
);

export type WebhookDeliveryItem = EntityItem<typeof WebhookDeliveryEntity>;
