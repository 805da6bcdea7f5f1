import { randomUUID } from "node:crypto";
import type { EventBridgeEvent } from "aws-lambda";

/**
 * EventBridge's side of PutEvents, for the local bus: the request body exactly as a client
 * (here sst/aws/bus, through aws4fetch) sends it, turned into the events EventBridge would
 * hand to a rule's target, and the answer it would give (one result entry per request entry,
 * in order, FailedEntryCount counting the failed ones).
 */
export interface PutEventsRequestEntry {
  Source?: string;
  DetailType?: string;
  Detail?: string;
  EventBusName?: string;
  Resources?: string[];
  Time?: string | number;
  TraceHeader?: string;
}
export interface PutEventsResultEntry {
  EventId?: string;
  ErrorCode?: string;
  ErrorMessage?: string;
}
export interface PutEventsResponse {
  FailedEntryCount: number;
  Entries: PutEventsResultEntry[];
}

export type BusEvent = EventBridgeEvent<string, Record<string, unknown>>;

export interface BusIdentity {
  /** Name and ARN of the bus (Resource.Bus), e.g. arn:aws:events:<region>:<account>:event-bus/<name>. */
  name: string;
  arn: string;
}

/** A malformed request as a whole (EventBridge answers 400 with a JSON `__type`). */
export class PutEventsRequestError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** EventBridge's limit on entries per PutEvents call. */
const MAX_ENTRIES = 10;

export function parsePutEvents(body: string): PutEventsRequestEntry[] {
  let request: { Entries?: unknown };
  try {
    request = JSON.parse(body) as { Entries?: unknown };
  } catch {
    throw new PutEventsRequestError("SerializationException", "The request body is not valid JSON.");
  }
  const entries = request.Entries;
  if (!Array.isArray(entries) || entries.length < 1 || entries.length > MAX_ENTRIES) {
    throw new PutEventsRequestError(
      "ValidationException",
      `1 validation error detected: Value at 'entries' failed to satisfy constraint: Member must have length between 1 and ${MAX_ENTRIES}`,
    );
  }
  return entries as PutEventsRequestEntry[];
}

const invalid = (field: string, reason: string): PutEventsResultEntry => ({
  ErrorCode: "InvalidArgument",
  ErrorMessage: `Parameter ${field} is not valid. Reason: ${reason}`,
});

/** The event a target receives for one accepted entry, or the entry's error. */
export function toEvent(
  entry: PutEventsRequestEntry,
  bus: BusIdentity,
): { event: BusEvent; result: PutEventsResultEntry } | { result: PutEventsResultEntry } {
  if (!entry.Source) return { result: invalid("Source", "Source is a required argument.") };
  if (!entry.DetailType) return { result: invalid("DetailType", "DetailType is a required argument.") };
  if (!entry.Detail) return { result: invalid("Detail", "Detail is a required argument.") };
  const busName = entry.EventBusName ?? "default";
  if (busName !== bus.name && busName !== bus.arn)
    return { result: invalid("EventBusName", `Event bus ${busName} does not exist.`) };
  let detail: unknown;
  try {
    detail = JSON.parse(entry.Detail);
  } catch {
    return { result: { ErrorCode: "MalformedDetail", ErrorMessage: "Detail is malformed." } };
  }
  if (!detail || typeof detail !== "object" || Array.isArray(detail))
    return { result: { ErrorCode: "MalformedDetail", ErrorMessage: "Detail is malformed." } };
  const [, , , region = "local", account = "000000000000"] = bus.arn.split(":");
  const id = randomUUID();
  const time = entry.Time === undefined ? new Date() : new Date(entry.Time);
  const event: BusEvent = {
    version: "0",
    id,
    "detail-type": entry.DetailType,
    source: entry.Source,
    account,
    // EventBridge stamps whole seconds: 2025-01-01T12:00:00Z.
    time: time.toISOString().replace(/\.\d{3}Z$/, "Z"),
    region,
    resources: entry.Resources ?? [],
    detail: detail as Record<string, unknown>,
  };
  return { event, result: { EventId: id } };
}
