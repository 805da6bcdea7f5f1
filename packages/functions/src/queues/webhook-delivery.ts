import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { WebhookDeliveries } from "@payloft/core/outgoing-webhook/deliveries";
import { WebhookQueue, type DeliveryMessage } from "@payloft/core/queue/webhooks";

/**
 * The consumer of the webhook queue (infra/webhooks.ts; locally packages/local/src/queue.ts):
 * one try per message. A failed try reports the message as failed after setting its
 * visibility to the next retry's delay, so the queue hands it out again then; after the last
 * try it is reported failed with no delay and the queue moves it to the dead-letter queue.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse["batchItemFailures"] = [];
  for (const record of event.Records) {
    const message = JSON.parse(record.body) as DeliveryMessage;
    const receiveCount = Number(record.attributes.ApproximateReceiveCount) || 1;
    const outcome = await WebhookDeliveries.attempt(message.deliveryId, receiveCount, message.trigger);
    if (outcome.result === "done") continue;
    await WebhookQueue.retryLater(record.receiptHandle, outcome.result === "retry" ? outcome.afterSeconds : 0);
    batchItemFailures.push({ itemIdentifier: record.messageId });
  }
  return { batchItemFailures };
}
