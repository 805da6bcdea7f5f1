import { UnavailableError } from "../errors";
import { BUS_TIMEOUTS } from "../faults";
import { logger } from "../log/index";
import { retry, jitter, AGAIN } from "../retry";
import type { Publishable } from "./events";
import { putEvent } from "./put-events";

/**
 * THE publisher of domain events: the signed EventBridge PutEvents request `bus.publish` of
 * `sst/aws/bus` sends (`Detail: {"metadata", "properties"}`), made by `putEvent` with a time
 * limit, in AWS and offline alike. The local runtime answers that same HTTP request with its
 * in-process bus (packages/local/src/bus), so there is no second code path to drift from production.
 *
 * PutEvents can answer 200 and still drop an entry (`FailedEntryCount` > 0, e.g. throttling):
 * that, a failed request and a request that takes longer than BUS_TIMEOUTS.attemptMs are tried
 * again, within BUS_TIMEOUTS.totalMs in all; then the caller gets a 503, so a webhook answers
 * 5xx (well inside its Lambda's 20 s) and the provider delivers the event again later.
 */

export const PUBLISH_ATTEMPTS = 3;
export const PUBLISH_FAILED = "We could not record this event right now. Please deliver it again.";

export namespace Bus {
  export async function publish(event: Publishable): Promise<string> {
    const { def, properties } = event;
    const deadline = AbortSignal.timeout(BUS_TIMEOUTS.totalMs);
    try {
      return await retry<string>(
        async (attempt) => {
          const signal = AbortSignal.any([deadline, AbortSignal.timeout(BUS_TIMEOUTS.attemptMs)]);
          const res = await putEvent(def, properties, signal);
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
          // A request that failed outright (network, 4xx/5xx, its own time limit) is worth another
          // try while time is left; a schema error is ours and never gets better.
          retryOn: (err) => !deadline.aborted && !(err instanceof Error && err.name === "ZodError"),
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
