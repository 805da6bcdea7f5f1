import { Resource } from "sst";
import { logger } from "../log/index";
import { Bus } from "./index";
import { functionOf, parseFailureRecord } from "./dead-letter";
import { DomainEvents, emit } from "./events";
import { Sqs } from "./sqs";

/**
 * `npm run replay-dead-letters`: every bus event a subscriber gave up on (Lambda's on-failure
 * invocation records in the dead-letter queue) is published again through the one publisher,
 * then deleted from the queue. Every subscriber of that event type receives it again: they are
 * idempotent (exactly-once by conditional writes), so the ones that had succeeded change
 * nothing. A record that is not a bus event, names an unknown type or whose properties break
 * today's schema stays in the queue and is reported; so does one the bus refuses.
 */
export interface ReplayReport {
  replayed: { messageId: string; type: string; subscriber: string; eventId: string }[];
  left: { messageId: string; reason: string }[];
}

/** While one run works through a message, no other reader sees it. */
const VISIBILITY_SECONDS = 120;

export async function replayDeadLetters(
  opts: { queueUrl?: string; dryRun?: boolean; max?: number } = {},
): Promise<ReplayReport> {
  const queueUrl = opts.queueUrl ?? Resource.BusDeadLetters.url;
  const report: ReplayReport = { replayed: [], left: [] };
  const max = opts.max ?? 1000;
  while (report.replayed.length + report.left.length < max) {
    const batch = await Sqs.receive(queueUrl, 10, VISIBILITY_SECONDS);
    if (!batch.length) break;
    for (const message of batch) {
      const leave = (reason: string) => report.left.push({ messageId: message.MessageId, reason });
      const record = parseFailureRecord(message.Body);
      if (!record) {
        leave("not a Lambda invocation record holding a bus event");
        continue;
      }
      const event = record.requestPayload;
      const type = event["detail-type"];
      const def = DomainEvents.find((d) => d.type === type);
      if (!def) {
        leave(`no domain event is called "${type}"`);
        continue;
      }
      const parsed = def.schema.safeParse(event.detail.properties);
      if (!parsed.success) {
        leave(`its ${type} properties do not match the schema: ${parsed.error.issues[0]?.message ?? "invalid"}`);
        continue;
      }
      if (opts.dryRun) {
        leave("dry run: would be replayed");
        continue;
      }
      try {
        const eventId = await Bus.publish(emit(def, parsed.data as never));
        await Sqs.remove(queueUrl, message.ReceiptHandle);
        report.replayed.push({ messageId: message.MessageId, type, subscriber: functionOf(record), eventId });
      } catch (err) {
        logger.warn("dead letter not replayed", { messageId: message.MessageId, error: (err as Error).message });
        leave(`the bus did not take it: ${(err as Error).message}`);
      }
    }
  }
  return report;
}
