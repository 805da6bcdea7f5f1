import { randomUUID } from "node:crypto";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dirname, join } from "node:path";
import { Bus, EVENT_SOURCE, type BusEvent } from "@payloft/core/bus/index";
import { logger } from "@payloft/core/log/index";
import { runAsLambda } from "@payloft/core/lambda-scope";
import { subscribers } from "@payloft/functions/subscribers";

/**
 * In-process stand-in for EventBridge + async Lambda invocation: delivers the same envelope
 * to the same subscriber handlers, retrying failures with backoff (like Lambda's async
 * retries) and parking the event in a dead-letter list when retries run out.
 */
const eventsDir = join(dirname(fileURLToPath(import.meta.url)), "../../functions/src/events");

export interface Delivery {
  event: BusEvent;
  subscriber: string;
  attempts: number;
  ok: boolean;
  error?: string;
}

export function startLocalBus(opts: { retries?: number; backoffMs?: number } = {}) {
  const retries = opts.retries ?? 2;
  const backoffMs = opts.backoffMs ?? 200;
  const deliveries: Delivery[] = [];
  const deadLetters: Delivery[] = [];
  const pending = new Set<Promise<void>>();

  async function deliver(event: BusEvent, sub: (typeof subscribers)[number]) {
    const record: Delivery = { event, subscriber: sub.name, attempts: 0, ok: false };
    deliveries.push(record);
    const mod = await import(pathToFileURL(join(eventsDir, `${sub.handler}.ts`)).href);
    while (record.attempts <= retries) {
      record.attempts++;
      try {
        await runAsLambda(sub.name, () => mod.handler(event));
        record.ok = true;
        record.error = undefined;
        return;
      } catch (err) {
        record.error = (err as Error).message;
        logger.warn("subscriber failed", { subscriber: sub.name, attempt: record.attempts, error: record.error });
        if (record.attempts <= retries) await new Promise((r) => setTimeout(r, backoffMs * record.attempts));
      }
    }
    deadLetters.push(record);
  }

  Bus.usePublisher(async (type, detail) => {
    const event: BusEvent = {
      version: "0",
      id: randomUUID(),
      "detail-type": type,
      source: EVENT_SOURCE,
      account: "000000000000",
      time: new Date().toISOString(),
      region: "local",
      resources: [],
      detail,
    };
    for (const sub of subscribers.filter((s) => s.detailTypes.includes(type))) {
      const p = deliver(event, sub).finally(() => pending.delete(p));
      pending.add(p);
    }
  });

  return {
    deliveries,
    deadLetters,
    /** Resolves when every delivery in flight (including retries) has settled. */
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
