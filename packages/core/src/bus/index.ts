import { Resource } from "sst";
import { bus } from "sst/aws/bus";
import { UnavailableError } from "../errors";
import { logger } from "../log/index";
import { retry, jitter, AGAIN } from "../retry";
import type { Publishable } from "./events";

/**
 * THE publisher of domain events: `sst/aws/bus` `bus.publish` (a signed EventBridge PutEvents
 * call, `Detail: {"metadata", "properties"}`), in AWS and offline alike. The local runtime
 * answers that same HTTP request with its in-process bus (packages/local/src/bus), so there is
 * no second code path to drift from production.
 *
 * PutEvents can answer 200 and still drop an entry (`FailedEntryCount` > 0, e.g. throttling):
 * that, and a failed request, is retried; when retries run out the caller gets a 503, so a
 * webhook answers 5xx and the provider delivers the event again later.
 */
export interface PutEventsResult {
  FailedEntryCount?: number;
  Entries?: { EventId?: string; ErrorCode?: string; ErrorMessage?: string }[];
}

export const PUBLISH_ATTEMPTS = 3;
export const PUBLISH_FAILED = "We could not record this event right now. Please deliver it again.";

export namespace Bus {
  export async function publish(event: Publishable): Promise<string> {
    const { def, properties } = event;
    try {
      return await retry<string>(
        async (attempt) => {
          const res = (await bus.publish(Resource.Bus, def, properties as never)) as PutEventsResult;
          const entry = res.Entries?.[0];
          if ((res.FailedEntryCount ?? 0) > 0 || !entry?.EventId) {
            logger.warn("event not accepted by the bus", {
              type: def.type,
              attempt,
              errorCode: entry?.ErrorCode,
              errorMessage: entry?.ErrorMessage,
            });
            return AGAIN;
          }
          return entry.EventId;
        },
        {
          attempts: PUBLISH_ATTEMPTS,
          delayMs: jitter(50, 100),
          // A request that failed outright (network, 4xx/5xx after the signer's own retries) is worth another try;
          // a schema error is ours and never gets better.
          retryOn: (err) => !(err instanceof Error && err.name === "ZodError"),
          exhausted: () => new Error("the bus refused the event on every attempt"),
        },
      );
    } catch (err) {
      logger.error("could not publish a domain event", { type: def.type, error: (err as Error).message });
      if ((err as Error).name === "ZodError") throw err;
      throw new UnavailableError(PUBLISH_FAILED, "bus.publish_failed");
    }
  }

  /** Publishes in order; stops at the first event that cannot be published (the sender retries all). */
  export async function publishAll(events: Publishable[]): Promise<string[]> {
    const ids: string[] = [];
    for (const e of events) ids.push(await publish(e));
    return ids;
  }
}
