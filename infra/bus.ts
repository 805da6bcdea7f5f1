import {
  SUBSCRIBER_MAX_EVENT_AGE_SECONDS,
  SUBSCRIBER_RETRIES,
  subscribers,
  subscriberModule,
} from "../packages/functions/src/subscribers";
import { table } from "./storage";
import { email } from "./email";
import { secrets } from "./secret";
import { webhookQueue } from "./webhooks";
import { siteUrl } from "./router";

/**
 * The EventBridge bus that webhooks publish to, and one Lambda per row of the subscriber
 * table (the same rows the local in-process bus delivers to). A failing subscriber is
 * retried twice by Lambda's async invocation; after that the event lands in the
 * dead-letter queue, where it is kept 14 days for inspection and replay (`npm run
 * replay-dead-letters` under `sst shell`; docs/events.md).
 */
export const bus = new sst.aws.Bus("Bus");

/** What subscriber rows may link, by the name the code reads (each row lists its own). */
const linkable = { Table: table, Bus: bus, Email: email, WebhookQueue: webhookQueue, ...secrets };

export const deadLetters = new sst.aws.Queue("BusDeadLetters", {
  transform: {
    queue: (args) => {
      args.messageRetentionSeconds = 14 * 24 * 60 * 60;
    },
  },
});

/** Each subscriber row with its Lambda, which infra/alarms.ts watches. */
export const subscriberFunctions: { name: string; functionName: $util.Output<string> }[] = [];

for (const row of subscribers) {
  const subscribed = bus.subscribe(
    row.name,
    {
      handler: `${subscriberModule(row)}.handler`,
      runtime: "nodejs22.x",
      link: row.links.map((name) => {
        if (name === "Auth" || name === "Files") throw new Error(`Subscriber ${row.name} cannot link ${name}`);
        return linkable[name];
      }),
      environment: { SITE_URL: siteUrl },
      retries: SUBSCRIBER_RETRIES,
      permissions: [{ actions: ["sqs:SendMessage"], resources: [deadLetters.arn] }],
      transform: {
        eventInvokeConfig: (args) => {
          args.maximumEventAgeInSeconds = SUBSCRIBER_MAX_EVENT_AGE_SECONDS;
          args.destinationConfig = { onFailure: { destination: deadLetters.arn } };
        },
      },
    },
    { pattern: { detailType: row.detailTypes } },
  );
  subscriberFunctions.push({ name: row.name, functionName: subscribed.nodes.function.apply((fn) => fn.name) });
}
