/**
 * What production alarms watch, in terms the code and infra/alarms.ts share. Plain data with
 * no imports, so infra reads it at deploy time and tests check the code writes what the
 * alarms look for.
 */

/** The log line (Powertools `message`) the wrapper writes when a webhook is not accepted. */
export const WEBHOOK_FAILED = "webhook failed";

/** Provider webhooks: a refused or failed delivery means payments may not be recorded. */
export const isWebhookRoute = (route: { path: string }) => route.path.startsWith("/api/webhooks/");

/** The CloudWatch Logs filter that counts WEBHOOK_FAILED lines in a webhook Lambda's log. */
export const WEBHOOK_FAILED_PATTERN = `{ $.message = "${WEBHOOK_FAILED}" }`;

/**
 * Thresholds. A route's Lambda only errors when it crashes (the wrapper turns every failure into
 * an answer), so one error is worth a look; a subscriber's errors are retried, so only a burst
 * is; anything in the dead-letter queue or an event Lambda could not hand to it is.
 */
export const ALARM_RULES = {
  /** Share of API answers that are 5xx, over enough traffic to mean something. */
  api5xx: { percent: 5, minRequests: 20, periodSeconds: 300, evaluationPeriods: 2 },
  routeErrors: { atLeast: 1, periodSeconds: 300 },
  subscriberErrors: { atLeast: 5, periodSeconds: 300 },
  /** A scheduled job (every 5 minutes) that failed three runs in a row: something keeps failing. */
  scheduleErrors: { atLeast: 3, periodSeconds: 900 },
  /** Events Lambda could not even put into the dead-letter queue: lost unless replayed by hand. */
  subscriberDeliveryFailures: { atLeast: 1, periodSeconds: 300 },
  deadLetters: { atLeast: 1, periodSeconds: 300 },
  /** Providers retry for days, and strangers probe webhook URLs: a handful, not one, is news. */
  webhookFailures: { atLeast: 5, periodSeconds: 900 },
  /**
   * The outgoing-webhook consumer answers every failed try itself (the message comes back
   * later), so its Lambda errors only when it crashes or times out; SQS retries those, so a
   * burst is news, as for bus subscribers.
   */
  webhookConsumerErrors: { atLeast: 5, periodSeconds: 300 },
  /**
   * Deliveries that failed every try (a creator's endpoint refusing for about 8.5 hours) wait 14
   * days in the dead-letter queue; one creator's outage leaves a few, so it takes a pile to
   * say our sending broke.
   */
  webhookDeadLetters: { atLeast: 10, periodSeconds: 300 },
  /**
   * The figures fold (infra/tally.ts) retries a batch until it folds: the age of the oldest
   * record it has not folded says the dashboards are behind. Its batching window is 1 s and a
   * launch's retries take seconds, so 10 minutes behind is news (the stream keeps 24 hours).
   */
  figuresBehind: { atLeastMs: 600_000, periodSeconds: 300 },
} as const;
