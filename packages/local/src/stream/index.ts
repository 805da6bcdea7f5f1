import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from "aws-lambda";
import { logger } from "@payloft/core/log/index";
import { runAsLambda } from "@payloft/core/lambda-scope";
import { streamModule, type StreamSubscriberDef } from "@payloft/functions/table-stream";
import { streamsApi, type Shard, type StreamRecord } from "./api";

/**
 * Lambda's event source mapping for a DynamoDB stream, locally: each shard of the table's stream
 * is polled (Lambda polls four times a second), its records filtered by the subscriber's item
 * types, gathered for the batching window or up to the batch size, and delivered one batch per
 * shard at a time, in order, to the same handler infra subscribes. A partial batch response
 * (`batchItemFailures`) delivers the batch again from the lowest failed record; a throw delivers
 * it again whole; both with a growing wait, until it succeeds (infra retries until a record
 * leaves the stream). `idle()` resolves once everything written so far has been delivered
 * (or, while `pause()`d, at once).
 */
export interface LocalStreamOptions {
  endpoint: string;
  tableName: string;
  subscriber: StreamSubscriberDef;
  /** Lambda's batching window; the subscriber's own unless a test shortens it. */
  windowMs?: number;
  pollMs?: number;
}

interface ShardState {
  id: string;
  iterator?: string;
  /** The last record read, to start again after it when an iterator expired. */
  lastSeq?: string;
  closed: boolean;
  buffer: StreamRecord[];
  firstAt: number;
  failures: number;
}

export function startLocalStream(opts: LocalStreamOptions) {
  const api = streamsApi(opts.endpoint);
  const sub = opts.subscriber;
  const windowMs = opts.windowMs ?? sub.batchingWindowSeconds * 1000;
  const pollMs = opts.pollMs ?? 250;
  const shards = new Map<string, ShardState>();
  const deliveries: { records: number; failed: number; error?: string }[] = [];
  let arn: string | undefined;
  let stopped = false;
  let lastRoundQuiet = false;
  let paused = false;
  const waiters: (() => void)[] = [];

  const wanted = (r: StreamRecord) => sub.entities.includes(String(r.dynamodb?.NewImage?.__edb_e__?.S ?? ""));

  async function invoke(records: StreamRecord[]): Promise<string | null | "threw"> {
    const mod = (await import(
      pathToFileURL(join(import.meta.dirname, "../../../..", `${streamModule(sub)}.ts`)).href
    )) as {
      handler: (e: DynamoDBStreamEvent, c: Context) => Promise<DynamoDBBatchResponse>;
    };
    const event = { Records: records.map((r) => ({ ...r, eventSourceARN: arn })) } as unknown as DynamoDBStreamEvent;
    const context = {
      functionName: sub.name,
      awsRequestId: randomUUID(),
      getRemainingTimeInMillis: () => 120_000,
    } as Context;
    try {
      const res = await runAsLambda(sub.name, () => mod.handler(event, context));
      const failed = res?.batchItemFailures?.map((f) => f.itemIdentifier).filter(Boolean) as string[] | undefined;
      deliveries.push({ records: records.length, failed: failed?.length ?? 0 });
      if (!failed?.length) return null;
      return failed.reduce((a, b) => (BigInt(b) < BigInt(a) ? b : a));
    } catch (err) {
      deliveries.push({ records: records.length, failed: records.length, error: (err as Error).message });
      logger.warn("stream subscriber failed; the batch is delivered again", {
        subscriber: sub.name,
        error: (err as Error).message,
      });
      return "threw";
    }
  }

  /** One poll of one shard, and a delivery when its batch is ready. */
  async function pollShard(s: ShardState): Promise<"quiet" | "gathering" | "delivered"> {
    let saw = false;
    if (!s.closed && s.buffer.length < sub.batchSize) {
      try {
        s.iterator ??= await api.iterator(arn!, s.id, s.lastSeq);
        const got = await api.records(s.iterator, sub.batchSize - s.buffer.length);
        if (got.NextShardIterator) s.iterator = got.NextShardIterator;
        else s.closed = true;
        s.lastSeq = got.Records.at(-1)?.dynamodb?.SequenceNumber ?? s.lastSeq;
        const fresh = got.Records.filter(wanted);
        saw = got.Records.length > 0;
        if (fresh.length && !s.buffer.length) s.firstAt = Date.now();
        s.buffer.push(...fresh);
      } catch (err) {
        s.iterator = undefined; // expired or refused: a new one after the last record read
        throw err;
      }
    }
    const ready = s.buffer.length >= sub.batchSize || (s.buffer.length > 0 && Date.now() - s.firstAt >= windowMs);
    if (!ready) return saw || s.buffer.length > 0 ? "gathering" : "quiet";
    const batch = s.buffer.slice(0, sub.batchSize);
    const failedFrom = await invoke(batch);
    if (failedFrom === null) {
      s.buffer = s.buffer.slice(batch.length);
      s.failures = 0;
      s.firstAt = Date.now();
      return "delivered";
    }
    // Again from the lowest failed record (or the whole batch after a throw), after a growing wait.
    if (failedFrom !== "threw") {
      const at = batch.findIndex((r) => r.dynamodb?.SequenceNumber === failedFrom);
      if (at > 0) s.buffer = s.buffer.slice(at);
    }
    s.failures++;
    await new Promise((r) => setTimeout(r, Math.min(5_000, 100 * 2 ** Math.min(s.failures, 6))));
    return "gathering";
  }

  async function round() {
    arn ??= await api.streamArn(opts.tableName);
    if (!arn) throw new Error(`the table ${opts.tableName} has no stream`);
    for (const shard of (await api.shards(arn)) as Shard[]) {
      if (!shards.has(shard.ShardId))
        shards.set(shard.ShardId, { id: shard.ShardId, closed: false, buffer: [], firstAt: 0, failures: 0 });
    }
    return Promise.all([...shards.values()].map(pollShard));
  }

  (async () => {
    while (!stopped) {
      let delivered = false;
      if (paused) {
        // A disabled mapping reads nothing: the records wait in the stream, nothing is left to do now.
        lastRoundQuiet = true;
        for (const w of waiters.splice(0)) w();
        await new Promise((r) => setTimeout(r, pollMs));
        continue;
      }
      try {
        const states = await round();
        lastRoundQuiet = states.every((s) => s === "quiet");
        delivered = states.includes("delivered");
      } catch (err) {
        lastRoundQuiet = false;
        if (!stopped) logger.warn("local stream poll failed", { error: (err as Error).message });
      }
      for (const w of waiters.splice(0)) w();
      // Right away after a delivery (there may be more), else Lambda's pace.
      if (!stopped && !delivered) await new Promise((r) => setTimeout(r, pollMs));
    }
  })();

  const nextRound = () => new Promise<void>((r) => waiters.push(r));

  return {
    deliveries,
    /** Resolves once a whole poll that began after this call found nothing left to deliver. */
    async idle() {
      await nextRound();
      for (;;) {
        await nextRound();
        if (lastRoundQuiet || stopped) return;
      }
    },
    /**
     * Lambda's event source mapping disabled (UpdateEventSourceMapping Enabled=false), as when the
     * subscriber is throttled or failing: the records stay in the stream until `resume()`, and
     * `idle()` resolves meanwhile (nothing more will be delivered until then). For tests of what
     * runs while the figures are behind the records.
     */
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
    },
    stop() {
      stopped = true;
      for (const w of waiters.splice(0)) w();
    },
  };
}

export type LocalStream = ReturnType<typeof startLocalStream>;
