import { Resource } from "sst";
import { client } from "sst/aws/client";
import type { event } from "sst/event";

/**
 * One EventBridge PutEvents call: byte for byte the request `bus.publish` of sst/aws/bus sends
 * (packages/local/test/bus.test.ts compares them), made through the same signing client, with
 * the bounds SST's call cannot take. `bus.publish` builds its own fetch options, so it accepts
 * no AbortSignal, and aws4fetch retries a 5xx or 429 up to 10 times behind random backoff
 * sleeps (up to 25 s each) that nothing can cut short: three of our attempts could outlast the
 * Lambda's 20 s. Here the signer retries nothing (Bus.publish's own attempts do) and the
 * caller's signal ends the request.
 */
export interface PutEventsResult {
  FailedEntryCount?: number;
  Entries?: { EventId?: string; ErrorCode?: string; ErrorMessage?: string }[];
}

/** EventBridge answered with an HTTP error (throttled, unavailable, refused). */
export class PutEventsError extends Error {
  constructor(readonly status: number) {
    super(`EventBridge answered ${status}`);
    this.name = "PutEventsError";
  }
}

export async function putEvent(
  def: event.Definition,
  properties: unknown,
  signal: AbortSignal,
): Promise<PutEventsResult> {
  const evt = (await def.create(properties)) as { type: string; properties: unknown; metadata: unknown };
  const aws = await client();
  aws.retries = 0;
  const res = await aws.fetch(`https://events.${aws.region}.amazonaws.com/`, {
    method: "POST",
    headers: { "X-Amz-Target": "AWSEvents.PutEvents", "Content-Type": "application/x-amz-json-1.1" },
    body: JSON.stringify({
      Entries: [
        {
          Source: [Resource.App.name, Resource.App.stage].join("."),
          DetailType: evt.type,
          Detail: JSON.stringify({ metadata: evt.metadata, properties: evt.properties }),
          EventBusName: Resource.Bus.name,
        },
      ],
    }),
    signal,
  });
  if (!res.ok) throw new PutEventsError(res.status);
  return (await res.json()) as PutEventsResult;
}
