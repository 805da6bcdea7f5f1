import { ChangeMessageVisibilityCommand, SQSClient, SendMessageCommand } from "@aws-sdk/client-sqs";
import { Resource } from "sst";

/**
 * The queue outgoing webhook deliveries wait in. In AWS it is SQS: a failed attempt stays in
 * the queue with its visibility timeout set to the next retry's delay, and after the last try
 * SQS moves it to the dead-letter queue. The offline runtime swaps in its own queue with the
 * same semantics (`usePort`), so the consumer code is the same.
 */
export interface DeliveryMessage {
  deliveryId: string;
  trigger: "first" | "resend";
}

export interface QueuePort {
  send(message: DeliveryMessage): Promise<void>;
  /** Keeps a received message hidden for `seconds`, then it is received again (the next try). */
  retryLater(receiptHandle: string, seconds: number): Promise<void>;
}

let sqs: SQSClient | undefined;
const client = () => (sqs ??= new SQSClient({ maxAttempts: 3 }));

let port: QueuePort = {
  async send(message) {
    await client().send(
      new SendMessageCommand({ QueueUrl: Resource.WebhookQueue.url, MessageBody: JSON.stringify(message) }),
    );
  },
  async retryLater(receiptHandle, seconds) {
    await client().send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: Resource.WebhookQueue.url,
        ReceiptHandle: receiptHandle,
        VisibilityTimeout: seconds,
      }),
    );
  },
};

export namespace WebhookQueue {
  export function usePort(next: QueuePort) {
    port = next;
  }
  export const send = (message: DeliveryMessage) => port.send(message);
  export const retryLater = (receiptHandle: string, seconds: number) => port.retryLater(receiptHandle, seconds);
}
