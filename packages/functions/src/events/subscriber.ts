import type { Context, EventBridgeEvent } from "aws-lambda";
import { bus } from "sst/aws/bus";
import type { DomainEvent, PropertiesOf } from "@payloft/core/bus/events";
import { assertSettings } from "@payloft/core/config/check";
import { subscribers } from "../subscribers";

/**
 * `bus.subscriber` from sst/aws/bus (it unwraps `event.detail.properties` and
 * `event.detail.metadata` of the EventBridge envelope), plus validation of the properties with
 * the event's own schema. An event that fails validation throws: Lambda retries it and then
 * parks it in the dead-letter queue, where it can be inspected and replayed once fixed.
 */
export type Received<D extends DomainEvent> = {
  [K in D["type"]]: { type: K; properties: PropertiesOf<Extract<D, { type: K }>>; metadata: D["$metadata"] };
}[D["type"]];

export function subscriber<D extends DomainEvent>(
  events: D[],
  cb: (event: Received<D>, raw: EventBridgeEvent<string, unknown>, context: Context) => Promise<void>,
) {
  // The startup check over this subscriber's row's links (the row that receives these events),
  // once per Lambda: with a setting missing, every event fails with what to set, is retried
  // and then waits in the dead-letter queue (alarmed) until the setting is fixed and it is replayed.
  let configured = false;
  const types = events.map((e) => e.type as string);
  // Two rows may receive one event type (ApplyPlan and DunningEmail both get
  // subscription.payment_failed): the row with exactly these types is this one.
  const covers = (s: (typeof subscribers)[number]) => types.every((t) => s.detailTypes.includes(t));
  const row = subscribers.find((s) => covers(s) && s.detailTypes.length === types.length) ?? subscribers.find(covers);
  return bus.subscriber(events, async (payload, raw, context) => {
    if (!configured) {
      assertSettings(row?.links ?? []);
      configured = true;
    }
    const def = events.find((e) => e.type === payload.type);
    if (!def) throw new Error(`This subscriber does not handle "${payload.type}" events.`);
    const properties = def.schema.parse(payload.properties);
    await cb({ ...payload, properties } as unknown as Received<D>, raw, context);
  });
}
