import { Resource } from "sst";
import type { FailureRecord } from "@payloft/core/bus/dead-letter";
import { subscribers } from "@payloft/functions/subscribers";
import { Activity } from "../activity";
import { invokeAsync, type Delivery } from "./deliver";
import { deadLetterQueue, SqsRequestError } from "./dead-letter-queue";
import {
  PutEventsRequestError,
  parsePutEvents,
  toEvent,
  type BusEvent,
  type PutEventsResponse,
  type PutEventsResultEntry,
} from "./put-events";

export type { Delivery } from "./deliver";
export type { BusEvent } from "./put-events";

/**
 * The local stand-in for EventBridge + Lambda's asynchronous invocation. Production code
 * publishes with sst/aws/bus, which signs and POSTs a PutEvents request to
 * https://events.<region>.amazonaws.com/. Locally that very request is answered here (a fetch
 * hook for that host, so nothing ever reaches AWS): each entry becomes the EventBridge event a
 * rule target gets, delivered to the subscriber rows whose detail-types match, with Lambda's
 * retries and a dead-letter list of Lambda's on-failure invocation records.
 */
export function startLocalBus(opts: { backoffMs?: number } = {}) {
  const backoffMs = opts.backoffMs ?? 200;
  const requests: string[] = [];
  const deliveries: Delivery[] = [];
  const deadLetters: FailureRecord[] = [];
  const queue = deadLetterQueue(Resource.BusDeadLetters.url);
  const activity = new Activity();
  let failNext = 0;
  let requestFaults: { left: number; mode: "error" | "hang" } = { left: 0, mode: "error" };

  function dispatch(event: BusEvent) {
    for (const sub of subscribers.filter((s) => s.detailTypes.includes(event["detail-type"]))) {
      void activity.track(
        invokeAsync(event, sub, {
          backoffMs,
          record: (d) => deliveries.push(d),
          deadLetter: (r) => {
            deadLetters.push(r);
            queue.send(r);
          },
        }),
      );
    }
  }

  /** EventBridge's PutEvents: the raw request body in, EventBridge's answer out. */
  function putEvents(body: string): PutEventsResponse {
    requests.push(body);
    const entries = parsePutEvents(body);
    const results: PutEventsResultEntry[] = entries.map((entry) => {
      if (failNext > 0) {
        failNext--;
        return { ErrorCode: "InternalFailure", ErrorMessage: "Simulated: the entry was not ingested." };
      }
      const out = toEvent(entry, { name: Resource.Bus.name, arn: Resource.Bus.arn });
      if ("event" in out) dispatch(out.event);
      return out.result;
    });
    return { FailedEntryCount: results.filter((r) => r.ErrorCode).length, Entries: results };
  }

  const local = {
    /** Every PutEvents request body received, as sent. */
    requests,
    deliveries,
    /** Every invocation record the on-failure destination was sent (the queue holds those not yet replayed). */
    deadLetters,
    /** The dead-letter queue (Resource.BusDeadLetters), answering SQS's ReceiveMessage and DeleteMessage. */
    queue,
    putEvents,
    /** Delivers an EventBridge event straight to the matching subscribers (what a replay re-drives). */
    dispatch,
    /** The next `n` entries are answered as failed (FailedEntryCount), like EventBridge under throttling. */
    failNextEntries(n: number) {
      failNext = n;
    },
    /**
     * The next `n` PutEvents requests fail as a whole: `error` answers HTTP 500 (an outage),
     * `hang` never answers (until the caller's signal aborts it, as a real fetch would).
     */
    failNextRequests(n: number, mode: "error" | "hang") {
      requestFaults = { left: n, mode };
    },
    /** The fault the next request meets, if any (the request is counted in `requests` either way). */
    takeRequestFault(body: string): "error" | "hang" | undefined {
      if (requestFaults.left <= 0) return undefined;
      requestFaults.left--;
      requests.push(body);
      return requestFaults.mode;
    },
    /** Resolves when every delivery in flight (including its retries) has settled. */
    idle: () => activity.idle(),
    get busy() {
      return activity.busy;
    },
    stop() {
      if (active === local) active = undefined;
    },
  };
  active = local;
  installFetchHook();
  return local;
}

export type LocalBus = ReturnType<typeof startLocalBus>;

let active: LocalBus | undefined;
let hooked = false;
const AWS_HOST = /^(events|sqs)\.[a-z0-9-]+\.amazonaws\.com$/;

/** Answers EventBridge's and SQS's endpoints with the active local bus; any other fetch passes through. */
function installFetchHook() {
  if (hooked) return;
  hooked = true;
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : input instanceof URL ? input.href : String(input);
    const service = AWS_HOST.exec(new URL(url).hostname)?.[1];
    if (!service) return original(input, init);
    return answerAws(service as "events" | "sqs", input instanceof Request ? input : new Request(input, init));
  };
}

/**
 * A signed request to EventBridge (PutEvents) or SQS (the dead-letter queue) answered by the
 * active local bus: from the fetch hook in this process, or over HTTP at /__aws/<service> for
 * an operator command running in another process (npm run replay-dead-letters).
 */
export async function answerAws(service: "events" | "sqs", request: Request): Promise<Response> {
  if (!active) throw new TypeError(`fetch failed: no local bus is running to answer ${service}`);
  const target = request.headers.get("x-amz-target");
  if (!request.headers.get("authorization")?.startsWith("AWS4-HMAC-SHA256"))
    return json(403, { __type: "MissingAuthenticationTokenException", message: "The request is not signed." });
  try {
    if (service === "sqs") return json(200, active.queue.answer(target, await request.text()), "1.0");
    if (target !== "AWSEvents.PutEvents")
      return json(400, {
        __type: "UnknownOperationException",
        message: `The local bus only answers signed PutEvents.`,
      });
    const body = await request.text();
    const fault = active.takeRequestFault(body);
    if (fault === "error") return json(500, { __type: "InternalException", message: "Simulated: EventBridge failed." });
    if (fault === "hang")
      return new Promise<Response>((_, reject) =>
        request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true }),
      );
    return json(200, active.putEvents(body));
  } catch (err) {
    if (err instanceof PutEventsRequestError || err instanceof SqsRequestError)
      return json(400, { __type: err.type, message: err.message }, service === "sqs" ? "1.0" : "1.1");
    throw err;
  }
}

const json = (status: number, body: unknown, version: "1.0" | "1.1" = "1.1") =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": `application/x-amz-json-${version}` } });
