import { flag, has, opsEnv } from "./env";

/**
 * `npm run recount [-- --creator <user id>] [-- --fix]`: recomputes counters and daily
 * aggregates (affiliates' counters included) from the sales records, memberships and payout
 * histories, and prints every difference; `--fix` corrects them.
 * Exit code 0 when everything agrees (after fixing), 1 when differences remain.
 */
const env = await opsEnv();
let code = 0;
try {
  const { Recount } = await import("@payloft/core/recount/index");
  const creatorId = flag("creator");
  const fix = has("fix");
  console.log(`Recounting ${creatorId ? `seller ${creatorId}` : "every seller and the platform"} in ${env.where}…`);
  const first = await Recount.run({ ...(creatorId ? { creatorId } : {}) });
  const report =
    fix && first.differences.length ? await Recount.run({ ...(creatorId ? { creatorId } : {}), fix }) : first;
  console.log(`${first.purchases} purchases read; ${first.differences.length} figures differ.`);
  for (const d of first.differences)
    console.log(`  ${d.holder} ${d.key} ${d.field}: stored ${d.stored}, the sales say ${d.expected}`);
  if (fix) console.log(`Fixed ${report.fixed}; ${report.differences.length} still differ.`);
  else if (first.differences.length) console.log("Run again with --fix to correct them.");
  if (report.differences.length) code = 1;
} catch (err) {
  console.error(`✖ ${(err as Error).message}`);
  code = 2;
} finally {
  await env.close();
}
process.exit(code);
