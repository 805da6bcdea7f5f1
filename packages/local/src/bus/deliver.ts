import { randomUUID } from "node:crypto";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dirname, join } from "node:path";
import type { Context } from "aws-lambda";
import type { FailureRecord } from "@payloft/core/bus/dead-letter";
import { logger } from "@payloft/core/log/index";
import { SUBSCRIBER_RETRIES, type SubscriberDef } from "@payloft/functions/subscribers";
import type { BusEvent } from "./put-events";
import { runAsLambda } from "@payloft/core/lambda-scope";

/**
 * Lambda's asynchronous invocation, locally: a rule's target gets the event; a throw is
 * retried SUBSCRIBER_RETRIES times with a growing pause, then the invocation record goes to
 * the dead-letter list exactly as Lambda's on-failure destination writes it to SQS.
 */
const eventsDir = join(dirname(fileURLToPath(import.meta.url)), "../../../functions/src/events");

export interface Delivery {
  event: BusEvent;
  subscriber: string;
  attempts: number;
  ok: boolean;
  error?: string;
}

type Handler = (event: BusEvent, context: Context) => Promise<unknown>;

const functionArn = (event: BusEvent, sub: SubscriberDef) =>
  `arn:aws:lambda:${event.region}:${event.account}:function:${sub.name}:$LATEST`;

function context(event: BusEvent, sub: SubscriberDef, requestId: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: sub.name,
    functionVersion: "$LATEST",
    invokedFunctionArn: functionArn(event, sub),
    memoryLimitInMB: "512",
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${sub.name}`,
    logStreamName: "local",
    getRemainingTimeInMillis: () => 20_000,
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
}

export async function invokeAsync(
  event: BusEvent,
  sub: SubscriberDef,
  opts: { backoffMs: number; record: (d: Delivery) => void; deadLetter: (r: FailureRecord) => void },
) {
  const delivery: Delivery = { event, subscriber: sub.name, attempts: 0, ok: false };
  opts.record(delivery);
  const mod = (await import(pathToFileURL(join(eventsDir, `${sub.handler}.ts`)).href)) as { handler: Handler };
  const requestId = randomUUID();
  let lastError: Error | undefined;
  while (delivery.attempts <= SUBSCRIBER_RETRIES) {
    delivery.attempts++;
    try {
      await runAsLambda(sub.name, () => mod.handler(structuredClone(event), context(event, sub, requestId)));
      delivery.ok = true;
      delivery.error = undefined;
      return;
    } catch (err) {
      lastError = err as Error;
      delivery.error = lastError.message;
      logger.warn("subscriber failed", { subscriber: sub.name, attempt: delivery.attempts, error: delivery.error });
      if (delivery.attempts <= SUBSCRIBER_RETRIES)
        await new Promise((r) => setTimeout(r, opts.backoffMs * delivery.attempts));
    }
  }
  opts.deadLetter({
    version: "1.0",
    timestamp: new Date().toISOString(),
    requestContext: {
      requestId,
      functionArn: functionArn(event, sub),
      condition: "RetriesExhausted",
      approximateInvokeCount: delivery.attempts,
    },
    requestPayload: event,
    responseContext: { statusCode: 200, executedVersion: "$LATEST", functionError: "Unhandled" },
    responsePayload: {
      errorType: lastError?.name ?? "Error",
      errorMessage: lastError?.message ?? "",
      trace: (lastError?.stack ?? "").split("\n"),
    },
  });
}
