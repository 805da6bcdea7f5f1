import { opsEnv } from "./env";

/**
 * `npm run reconcile-checkouts`: runs the checkout reconciler now instead of waiting for its
 * schedule (after a provider outage, say): open product checkouts past their deadline are settled
 * with their provider (paid ones fulfilled, unpaid ones closed) and retired seller keys no
 * checkout needs are deleted. Against a stage: `npx sst shell --stage <stage> -- npm run
 * reconcile-checkouts`. Offline: the running `npm start` at SITE_URL (http://localhost:3000 unless
 * set) runs it. Exit code 0 when every due checkout was settled, 1 when some could not be, 2 on
 * an error.
 */
type Report = { looked_at: number; fulfilled: string[]; closed: string[]; waiting: string[]; failed: string[] };

const env = await opsEnv({ database: false });
let code = 0;
try {
  let report: Report;
  if (env.local) {
    const site = process.env.SITE_URL ?? "http://localhost:3000";
    console.log(`Reconciling checkouts (${site})…`);
    const res = await fetch(`${site}/__schedules/ReconcileCheckouts`, { method: "POST" });
    const run = (await res.json()) as { ok: boolean; result?: Report; error?: string };
    if (!run.result) throw new Error(run.error ?? `the local product answered ${res.status}`);
    report = run.result;
  } else {
    console.log(`Reconciling checkouts (${env.where})…`);
    const { Reconciler } = await import("@payloft/core/checkout/reconcile");
    report = await Reconciler.run();
  }
  console.log(
    `${report.looked_at} due: ${report.fulfilled.length} fulfilled, ${report.closed.length} closed unpaid, ${report.waiting.length} still payable, ${report.failed.length} could not be settled.`,
  );
  for (const id of report.fulfilled) console.log(`  fulfilled ${id}`);
  for (const id of report.failed) console.log(`  could not settle ${id} (see the log; the next run tries again)`);
  if (report.failed.length) code = 1;
} catch (err) {
  console.error(`✖ ${(err as Error).message}`);
  code = 2;
} finally {
  await env.close();
}
process.exit(code);
