import { WEBHOOK_CONSUMER_LINKS } from "../packages/functions/src/links";
import { MAX_ATTEMPTS } from "../packages/core/src/outgoing-webhook/schedule";
import { table } from "./storage";
import { secrets } from "./secret";
import { siteUrl } from "./router";

/**
 * Outgoing webhooks: deliveries wait in an SQS queue; its consumer makes one try per
 * message. A failed try sets the message's visibility timeout to the next retry's delay
 * (1 min, 5 min, 30 min, 2 h, 6 h), so SQS hands it out again then; after the last try the
 * redrive policy moves it to the dead-letter queue, kept 14 days. The consumer's own timeout
 * (20 s, with a 10 s limit per endpoint) stays under the queue's 30 s visibility timeout.
 */
export const webhookDeadLetters = new sst.aws.Queue("WebhookDeadLetters", {
  transform: {
    queue: (args) => {
      args.messageRetentionSeconds = 14 * 24 * 60 * 60;
    },
  },
});

export const webhookQueue = new sst.aws.Queue("WebhookQueue", {
  visibilityTimeout: "30 seconds",
  dlq: { queue: webhookDeadLetters.arn, retry: MAX_ATTEMPTS },
});

const linkable = { Table: table, WebhookQueue: webhookQueue, ...secrets };

const consumer = webhookQueue.subscribe(
  {
    handler: "packages/functions/src/queues/webhook-delivery.handler",
    runtime: "nodejs22.x",
    link: WEBHOOK_CONSUMER_LINKS.map((name) => linkable[name]),
    environment: { SITE_URL: siteUrl },
  },
  { batch: { size: 1, partialResponses: true } },
);

/** The consumer's Lambda, which infra/alarms.ts watches. */
export const webhookConsumerName = consumer.apply((subscriber) => subscriber.nodes.function.apply((fn) => fn.name));
