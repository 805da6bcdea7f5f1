import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dirname, join } from "node:path";
import { logger } from "@payloft/core/log/index";
import { Activity } from "./activity";
import { runAsLambda } from "@payloft/core/lambda-scope";
import { schedules, type ScheduleDef } from "@payloft/functions/schedules";

/**
 * The scheduled jobs offline: the rows of packages/functions/src/schedules.ts that infra gives
 * an EventBridge schedule each, run on a timer of the same period (`npm start`), or when asked:
 * `run(name)` in tests, and `POST /__schedules/<name>` on the local site for an operator command
 * in another process (npm run reconcile-checkouts). A run invokes the handler as the schedule
 * does (an empty event, or the scheduled time) and answers what it returned.
 *
 * The payments sandboxes have a test clock that moves their time ahead of the wall clock: a row
 * that `followsBillingClock` (it acts on the providers' dates, like the renewal reminders) also
 * runs when one moves, at that sandbox's time and for its provider's records only, once what the
 * sandbox sent on the way has been applied, as EventBridge would have run it during that time.
 */
const scheduledDir = join(dirname(fileURLToPath(import.meta.url)), "../../functions/src/scheduled");

export interface ScheduleRun {
  name: string;
  at: string;
  ok: boolean;
  result?: unknown;
  error?: string;
}

export function startLocalSchedules(opts: { timers: boolean }) {
  const runs: ScheduleRun[] = [];
  const timers: NodeJS.Timeout[] = [];

  const following = new Activity();

  async function run(name: string, event: object = {}): Promise<ScheduleRun> {
    const row: ScheduleDef | undefined = schedules.find((s) => s.name === name);
    if (!row) throw new Error(`No scheduled job named ${name}: ${schedules.map((s) => s.name).join(", ")}`);
    const mod = (await import(pathToFileURL(join(scheduledDir, `${row.handler}.ts`)).href)) as {
      handler: (event: unknown) => Promise<unknown>;
    };
    const record: ScheduleRun = { name, at: new Date().toISOString(), ok: false };
    runs.push(record);
    try {
      record.result = await runAsLambda(row.name, () => mod.handler(event));
      record.ok = true;
    } catch (err) {
      record.error = (err as Error).message;
      logger.warn("scheduled job failed", { job: name, error: record.error });
    }
    return record;
  }

  if (opts.timers)
    for (const row of schedules) {
      const t = setInterval(() => void run(row.name), row.everyMinutes * 60_000);
      t.unref();
      timers.push(t);
    }

  /** POST /__schedules/<name>: run it now and answer the run. */
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const match = /^\/__schedules\/([A-Za-z]+)$/.exec(new URL(req.url ?? "/", "http://local").pathname);
    if (!match || req.method !== "POST") return false;
    const known = schedules.some((s) => s.name === match[1]);
    const answer = known ? await run(match[1]!) : { error: `No scheduled job named ${match[1]}` };
    res.writeHead(known ? 200 : 404, { "content-type": "application/json" });
    res.end(JSON.stringify(answer));
    return true;
  }

  /** A sandbox's clock moved to `now` (Unix seconds): runs the rows that follow it once `applied` resolves. */
  function billingClockMoved(provider: "stripe" | "paypal", now: number, applied: () => Promise<void>) {
    const time = new Date(now * 1000).toISOString();
    void following.track(
      (async () => {
        await applied();
        for (const row of schedules) if (row.followsBillingClock) await run(row.name, { time, provider });
      })(),
    );
  }

  return {
    runs,
    run,
    handle,
    billingClockMoved,
    /** Counts the runs a clock move started (Stack.settled waits for them). */
    get busy() {
      return following.busy;
    },
    idle: () => following.idle(),
    stop() {
      for (const t of timers) clearInterval(t);
    },
  };
}
