import type { EventBridgeEvent } from "aws-lambda";

/**
 * What Lambda's on-failure destination writes (as the SQS message body) when an asynchronous
 * invocation of a bus subscriber has failed every attempt: the invocation record. The original
 * EventBridge event is `requestPayload`; the error is `responsePayload`. The local bus writes
 * the same record to its dead-letter list, and the replay command reads either.
 */
export interface FailureRecord {
  version: "1.0";
  timestamp: string;
  requestContext: {
    requestId: string;
    functionArn: string;
    /** RetriesExhausted, or EventAgeExceeded when the event grew too old to retry. */
    condition: "RetriesExhausted" | "EventAgeExceeded";
    approximateInvokeCount: number;
  };
  requestPayload: EventBridgeEvent<string, { metadata?: unknown; properties?: unknown }>;
  responseContext: { statusCode: number; executedVersion: string; functionError?: "Handled" | "Unhandled" };
  responsePayload?: { errorType?: string; errorMessage?: string; trace?: string[] };
}

/** The function name in a record's functionArn (arn:aws:lambda:<region>:<account>:function:<name>[:qualifier]). */
export const functionOf = (r: FailureRecord) => r.requestContext.functionArn.split(":")[6] ?? "";

/** A body from the dead-letter queue, if it is an invocation record holding a bus event. */
export function parseFailureRecord(body: string): FailureRecord | null {
  try {
    const r = JSON.parse(body) as FailureRecord;
    const event = r?.requestPayload;
    if (r?.version !== "1.0" || !r.requestContext?.functionArn) return null;
    if (!event || typeof event["detail-type"] !== "string" || typeof event.detail !== "object") return null;
    return r;
  } catch {
    return null;
  }
}
