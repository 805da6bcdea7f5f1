import { createHash, randomUUID } from "node:crypto";
import type { FailureRecord } from "@payloft/core/bus/dead-letter";
import type { QueueMessage } from "@payloft/core/bus/sqs";

/**
 * The subscribers' dead-letter queue, locally: what Lambda's on-failure destination puts in
 * SQS (one message per failed invocation, its body the JSON invocation record) and the two
 * SQS actions the replay command uses, answered in SQS's AWS JSON protocol: ReceiveMessage
 * (hides what it hands out for VisibilityTimeout seconds) and DeleteMessage (by the receipt
 * handle of the latest receive).
 */
interface Stored {
  id: string;
  body: string;
  sentAt: number;
  receiveCount: number;
  firstReceivedAt?: number;
  hiddenUntil: number;
  receipt?: string;
}

export class SqsRequestError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

export function deadLetterQueue(queueUrl: string) {
  const stored: Stored[] = [];

  function send(record: FailureRecord) {
    stored.push({
      id: randomUUID(),
      body: JSON.stringify(record),
      sentAt: Date.now(),
      receiveCount: 0,
      hiddenUntil: 0,
    });
  }

  function receive(input: { MaxNumberOfMessages?: number; VisibilityTimeout?: number }): { Messages: QueueMessage[] } {
    const max = input.MaxNumberOfMessages ?? 1;
    if (!Number.isInteger(max) || max < 1 || max > 10)
      throw new SqsRequestError(
        "InvalidParameterValue",
        "Value for parameter MaxNumberOfMessages is invalid. Reason: Must be between 1 and 10.",
      );
    const now = Date.now();
    const visible = stored.filter((m) => m.hiddenUntil <= now).slice(0, max);
    return {
      Messages: visible.map((m) => {
        m.receiveCount++;
        m.firstReceivedAt ??= now;
        m.hiddenUntil = now + (input.VisibilityTimeout ?? 30) * 1000;
        m.receipt = randomUUID();
        return {
          MessageId: m.id,
          ReceiptHandle: m.receipt,
          MD5OfBody: createHash("md5").update(m.body).digest("hex"),
          Body: m.body,
          Attributes: {
            SentTimestamp: String(m.sentAt),
            ApproximateReceiveCount: String(m.receiveCount),
            ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt),
          },
        };
      }),
    };
  }

  function remove(input: { ReceiptHandle?: string }) {
    const i = stored.findIndex((m) => m.receipt && m.receipt === input.ReceiptHandle);
    if (i < 0) throw new SqsRequestError("ReceiptHandleIsInvalid", "The input receipt handle is invalid.");
    stored.splice(i, 1);
    return {};
  }

  /** One SQS JSON request (X-Amz-Target, body) for this queue, answered like SQS. */
  function answer(target: string | null, body: string): unknown {
    const input = JSON.parse(body || "{}") as {
      QueueUrl?: string;
      MaxNumberOfMessages?: number;
      VisibilityTimeout?: number;
      ReceiptHandle?: string;
    };
    if (input.QueueUrl !== queueUrl)
      throw new SqsRequestError("QueueDoesNotExist", "The specified queue does not exist.");
    if (target === "AmazonSQS.ReceiveMessage") return receive(input);
    if (target === "AmazonSQS.DeleteMessage") return remove(input);
    throw new SqsRequestError("UnsupportedOperation", `The local queue only answers ReceiveMessage and DeleteMessage.`);
  }

  return {
    send,
    answer,
    /** Every hidden message visible again: what the visibility timeout passing does (tests). */
    revealAll() {
      for (const m of stored) m.hiddenUntil = 0;
    },
    /** Messages still in the queue (received or not). */
    get depth() {
      return stored.length;
    },
  };
}
