import { has, opsEnv } from "./env";

/**
 * `npm run replay-dead-letters [-- --dry-run]`: publishes every event in the bus subscribers'
 * dead-letter queue again through the one publisher and deletes it from the queue; prints what
 * was replayed and what was left (and why). Against a stage: `npx sst shell --stage <stage> --
 * npm run replay-dead-letters`. Offline: against the running `npm start` at SITE_URL
 * (http://localhost:3000 unless set), whose bus holds the local queue.
 * Exit code 0 when the queue was emptied, 1 when something was left, 2 on an error.
 */
const env = await opsEnv({ database: false });
if (env.local) forwardAwsToLocalSite(process.env.SITE_URL ?? "http://localhost:3000");
let code = 0;
try {
  const { replayDeadLetters } = await import("@payloft/core/bus/replay");
  const dryRun = has("dry-run");
  console.log(
    `Replaying the bus's dead letters${dryRun ? " (dry run)" : ""} (${env.local ? (process.env.SITE_URL ?? "http://localhost:3000") : env.where})…`,
  );
  const report = await replayDeadLetters({ dryRun });
  for (const r of report.replayed)
    console.log(`  replayed ${r.type} (failed in ${r.subscriber}) as event ${r.eventId}`);
  for (const l of report.left) console.log(`  left ${l.messageId}: ${l.reason}`);
  console.log(`${report.replayed.length} replayed, ${report.left.length} left in the queue.`);
  if (report.left.length) code = 1;
} catch (err) {
  console.error(`✖ ${(err as Error).message}`);
  code = 2;
} finally {
  await env.close();
}
process.exit(code);

/** Sends the signed EventBridge and SQS calls to the local site's /__aws/<service> instead of AWS. */
function forwardAwsToLocalSite(site: string) {
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const service = /^(events|sqs)\.[a-z0-9-]+\.amazonaws\.com$/.exec(new URL(request.url).hostname)?.[1];
    if (!service) return original(input, init);
    try {
      const body = await request.text();
      return await original(`${site}/__aws/${service}`, { method: "POST", headers: request.headers, body });
    } catch (err) {
      throw new Error(
        `Payloft is not running at ${site} (start it with npm start, or set SITE_URL): ${(err as Error).message}`,
      );
    }
  };
}
