import { randomUUID } from "node:crypto";
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { runAsLambda } from "@payloft/core/lambda-scope";
import { logger } from "@payloft/core/log/index";
import { MAX_ATTEMPTS } from "@payloft/core/outgoing-webhook/schedule";
import { WebhookQueue, type DeliveryMessage } from "@payloft/core/queue/webhooks";
import { handler as consumer } from "@payloft/functions/queues/webhook-delivery";
import { Activity } from "./activity";

/**
 * The offline stand-in for the webhook SQS queue and its Lambda consumer, with SQS's
 * semantics: each receive raises the message's receive count; a message the consumer reports
 * failed comes back when its visibility timeout ends (the consumer sets it to the next retry's
 * delay); one received more than `maxReceiveCount` times goes to the dead-letter list, as the
 * redrive policy does in AWS. Time runs `timeScale` times as fast (1/60 by default: the 1-minute
 * first retry comes after a second), so retries happen within seconds.
 */
interface Message {
  id: string;
  body: string;
  receiveCount: number;
  receiptHandle?: string;
  /** Seconds the current receive stays hidden if it fails (the consumer may change it). */
  visibility: number;
}

export interface LocalQueueOptions {
  timeScale?: number;
  /** SQS's default visibility timeout of the queue (infra sets 30 s). */
  visibilityTimeoutS?: number;
}

export function startLocalQueue(opts: LocalQueueOptions = {}) {
  let scale = opts.timeScale ?? Number(process.env.PAYLOFT_QUEUE_TIME_SCALE ?? 1 / 60);
  const visibilityTimeout = opts.visibilityTimeoutS ?? 30;
  const maxReceiveCount = MAX_ATTEMPTS;
  const byHandle = new Map<string, Message>();
  const activity = new Activity();
  const deadLetters: { body: string; receiveCount: number }[] = [];
  let sent = 0;
  let stopped = false;

  function schedule(msg: Message, seconds: number) {
    if (stopped) return;
    activity.later(seconds * 1000 * scale, () => void activity.track(receive(msg)));
  }

  async function receive(msg: Message) {
    msg.receiveCount++;
    if (msg.receiveCount > maxReceiveCount) {
      deadLetters.push({ body: msg.body, receiveCount: msg.receiveCount - 1 });
      return;
    }
    msg.receiptHandle = randomUUID();
    msg.visibility = visibilityTimeout;
    byHandle.set(msg.receiptHandle, msg);
    const event = {
      Records: [
        {
          messageId: msg.id,
          receiptHandle: msg.receiptHandle,
          body: msg.body,
          attributes: { ApproximateReceiveCount: String(msg.receiveCount) },
        },
      ],
    } as unknown as SQSEvent;
    let failed = true;
    try {
      const res: SQSBatchResponse = await runAsLambda("WebhookDelivery", () => consumer(event));
      failed = res.batchItemFailures.some((f) => f.itemIdentifier === msg.id);
    } catch (err) {
      logger.warn("webhook consumer failed", { error: (err as Error).message });
    }
    byHandle.delete(msg.receiptHandle);
    if (failed) schedule(msg, msg.visibility);
  }

  WebhookQueue.usePort({
    async send(message: DeliveryMessage) {
      sent++;
      schedule({ id: randomUUID(), body: JSON.stringify(message), receiveCount: 0, visibility: visibilityTimeout }, 0);
    },
    async retryLater(receiptHandle: string, seconds: number) {
      const msg = byHandle.get(receiptHandle);
      if (!msg) throw new Error("ReceiptHandleIsInvalid");
      msg.visibility = seconds;
    },
  });

  return {
    deadLetters,
    get sent() {
      return sent;
    },
    /** Messages waiting for their (next) receive. */
    get waiting() {
      return activity.scheduled;
    },
    /** Runs the clock faster or slower from now on (tests that walk a whole retry schedule). */
    setTimeScale(next: number) {
      scale = next;
    },
    /**
     * Resolves once no message is queued, being processed or waiting for a retry (each
     * failure's retry is scheduled before its receive ends, so this covers the whole schedule
     * up to the dead-letter list: speed it up with setTimeScale when an endpoint keeps failing).
     */
    idle: () => activity.idle(),
    get busy() {
      return activity.busy;
    },
    stop() {
      stopped = true;
      activity.cancelScheduled();
    },
  };
}
