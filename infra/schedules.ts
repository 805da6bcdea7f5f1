import { scheduleExpression, scheduleModule, schedules } from "../packages/functions/src/schedules";
import { table } from "./storage";
import { email } from "./email";
import { secrets } from "./secret";
import { siteUrl } from "./router";

/**
 * One Lambda per row of the scheduled-job table, invoked by an EventBridge schedule (the local
 * runtime runs the same rows on a timer). A failed run is not retried by Lambda (retries 0):
 * the next scheduled run does the same work again, and infra/alarms.ts watches their errors.
 */
const linkable = { Table: table, Email: email, ...secrets };

/** Each scheduled row with its Lambda, which infra/alarms.ts watches. */
export const scheduledFunctions: { name: string; functionName: $util.Output<string> }[] = [];

for (const row of schedules) {
  const cron = new sst.aws.Cron(row.name, {
    schedule: scheduleExpression(row),
    function: {
      handler: `${scheduleModule(row)}.handler`,
      runtime: "nodejs22.x",
      // Up to PER_RUN checkouts, each a provider call or two: more than a route's 20 s.
      timeout: "5 minutes",
      retries: 0,
      link: row.links.map((name) => {
        if (!(name in linkable)) throw new Error(`Scheduled job ${row.name} cannot link ${name}`);
        return linkable[name as keyof typeof linkable];
      }),
      environment: { SITE_URL: siteUrl },
    },
  });
  scheduledFunctions.push({ name: row.name, functionName: cron.nodes.function.apply((fn) => fn.name) });
}
