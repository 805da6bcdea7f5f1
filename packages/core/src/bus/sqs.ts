import { awsFetch } from "sst/aws/client";

/**
 * The two SQS calls the dead-letter replay needs, in SQS's AWS JSON protocol (POST / with
 * `X-Amz-Target: AmazonSQS.<Action>`, `application/x-amz-json-1.0`), signed by the same client
 * `sst/aws/bus` uses. Offline the local bus answers these very requests.
 */
export interface QueueMessage {
  MessageId: string;
  ReceiptHandle: string;
  MD5OfBody?: string;
  Body: string;
  Attributes?: Record<string, string>;
}

export class QueueError extends Error {}

async function call<T>(action: string, body: Record<string, unknown>): Promise<T> {
  const res = await awsFetch("sqs", "/", {
    method: "POST",
    headers: { "X-Amz-Target": `AmazonSQS.${action}`, "Content-Type": "application/x-amz-json-1.0" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) {
    const err = (text ? JSON.parse(text) : {}) as { __type?: string; message?: string };
    throw new QueueError(`SQS ${action} failed (${res.status} ${err.__type ?? ""}): ${err.message ?? text}`);
  }
  return (text ? JSON.parse(text) : {}) as T;
}

export const Sqs = {
  /** Up to `max` (1–10) messages, hidden from other readers for `visibilitySeconds`. */
  async receive(queueUrl: string, max: number, visibilitySeconds: number): Promise<QueueMessage[]> {
    const out = await call<{ Messages?: QueueMessage[] }>("ReceiveMessage", {
      QueueUrl: queueUrl,
      MaxNumberOfMessages: Math.max(1, Math.min(10, max)),
      VisibilityTimeout: visibilitySeconds,
      WaitTimeSeconds: 0,
      MessageSystemAttributeNames: ["All"],
    });
    return out.Messages ?? [];
  },
  async remove(queueUrl: string, receiptHandle: string): Promise<void> {
    await call("DeleteMessage", { QueueUrl: queueUrl, ReceiptHandle: receiptHandle });
  },
};
