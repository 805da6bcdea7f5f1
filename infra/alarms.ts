import { ALARM_RULES, WEBHOOK_FAILED_PATTERN, isWebhookRoute } from "../packages/functions/src/monitoring";
import { api, routeFunctions } from "./api";
import { deadLetters, subscriberFunctions } from "./bus";
import { webhookConsumerName, webhookDeadLetters } from "./webhooks";
import { scheduledFunctions } from "./schedules";
import { issuer } from "./auth";
import { pages } from "./web";
import { figuresFoldSubscriber } from "./tally";
import { settings } from "./stage";

/**
 * Alarms, e-mailed through one SNS topic to PAYLOFT_ALARM_EMAIL (required on a production
 * stage, optional elsewhere: a stage with no one to tell gets no alarms and costs nothing). They watch
 * what says customers are affected: the share of 5xx answers, any Lambda that crashed, bus
 * subscribers that keep failing or whose events could not be parked, anything waiting in the
 * dead-letter queue, webhooks we did not accept (payments may be missing), and creators'
 * outgoing webhooks (their consumer crashing, dead deliveries piling up).
 * Thresholds live in packages/functions/src/monitoring.ts, next to the log line they count.
 */
export const alarmTopic = settings.alarmEmail ? new aws.sns.Topic("Alarms") : undefined;

const name = (text: string) =>
  text.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase());
const notify = (topic: $util.Output<string>) => ({ alarmActions: [topic], okActions: [topic] });

function watchApi(topic: $util.Output<string>) {
  const rule = ALARM_RULES.api5xx;
  const metric = (id: string, metricName: string) => ({
    id,
    metric: {
      namespace: "AWS/ApiGateway",
      metricName,
      dimensions: { ApiId: api.nodes.api.id },
      period: rule.periodSeconds,
      stat: "Sum",
    },
  });
  new aws.cloudwatch.MetricAlarm("Api5xxRate", {
    alarmDescription: `More than ${rule.percent}% of API answers were 5xx (with at least ${rule.minRequests} requests).`,
    comparisonOperator: "GreaterThanThreshold",
    threshold: rule.percent,
    evaluationPeriods: rule.evaluationPeriods,
    treatMissingData: "notBreaching",
    metricQueries: [
      metric("errors", "5xx"),
      metric("requests", "Count"),
      {
        id: "rate",
        expression: `IF(requests >= ${rule.minRequests}, 100 * errors / requests, 0)`,
        label: "5xx %",
        returnData: true,
      },
    ],
    ...notify(topic),
  });
}

function lambdaAlarm(
  id: string,
  functionName: $util.Input<string>,
  metricName: string,
  rule: { atLeast: number; periodSeconds: number },
  what: string,
  topic: $util.Output<string>,
) {
  new aws.cloudwatch.MetricAlarm(id, {
    alarmDescription: what,
    namespace: "AWS/Lambda",
    metricName,
    dimensions: { FunctionName: functionName },
    statistic: "Sum",
    period: rule.periodSeconds,
    evaluationPeriods: 1,
    comparisonOperator: "GreaterThanOrEqualToThreshold",
    threshold: rule.atLeast,
    treatMissingData: "notBreaching",
    ...notify(topic),
  });
}

function watchFunctions(topic: $util.Output<string>) {
  const rule = ALARM_RULES.routeErrors;
  for (const { route, functionName } of routeFunctions)
    lambdaAlarm(
      `Errors${name(`${route.method} ${route.path}`)}`,
      functionName,
      "Errors",
      rule,
      `${route.method} ${route.path} crashed.`,
      topic,
    );
  lambdaAlarm("ErrorsAuthIssuer", issuer.name, "Errors", rule, "The sign-in issuer crashed.", topic);
  for (const { name: row, functionName } of scheduledFunctions)
    lambdaAlarm(
      `Errors${name(row)}`,
      functionName,
      "Errors",
      ALARM_RULES.scheduleErrors,
      `Scheduled job ${row} keeps failing (its log names what it could not do).`,
      topic,
    );
  lambdaAlarm("ErrorsPages", pages.name, "Errors", rule, "The server-rendered pages crashed.", topic);
}

function watchBus(topic: $util.Output<string>) {
  for (const { name: row, functionName } of subscriberFunctions) {
    lambdaAlarm(
      `Errors${name(row)}`,
      functionName,
      "Errors",
      ALARM_RULES.subscriberErrors,
      `Subscriber ${row} keeps failing.`,
      topic,
    );
    lambdaAlarm(
      `Lost${name(row)}`,
      functionName,
      "DestinationDeliveryFailures",
      ALARM_RULES.subscriberDeliveryFailures,
      `Subscriber ${row} failed and its event could not be sent to the dead-letter queue.`,
      topic,
    );
  }
  queueAlarm(
    "DeadLetters",
    deadLetters.nodes.queue.name,
    ALARM_RULES.deadLetters,
    "Events wait in the bus dead-letter queue: inspect and replay them (README).",
    topic,
  );
}

/** Messages waiting in a queue (its depth), at least the rule's number. */
function queueAlarm(
  id: string,
  queueName: $util.Input<string>,
  rule: { atLeast: number; periodSeconds: number },
  what: string,
  topic: $util.Output<string>,
) {
  new aws.cloudwatch.MetricAlarm(id, {
    alarmDescription: what,
    namespace: "AWS/SQS",
    metricName: "ApproximateNumberOfMessagesVisible",
    dimensions: { QueueName: queueName },
    statistic: "Maximum",
    period: rule.periodSeconds,
    evaluationPeriods: 1,
    comparisonOperator: "GreaterThanOrEqualToThreshold",
    threshold: rule.atLeast,
    treatMissingData: "notBreaching",
    ...notify(topic),
  });
}

/** Creators' outgoing webhooks: the consumer crashing, and deliveries piling up after every try failed. */
function watchOutgoingWebhooks(topic: $util.Output<string>) {
  lambdaAlarm(
    "ErrorsWebhookDelivery",
    webhookConsumerName,
    "Errors",
    ALARM_RULES.webhookConsumerErrors,
    "The outgoing-webhook consumer keeps crashing or timing out: creators' deliveries are delayed.",
    topic,
  );
  queueAlarm(
    "WebhookDeadLetters",
    webhookDeadLetters.nodes.queue.name,
    ALARM_RULES.webhookDeadLetters,
    "Many outgoing-webhook deliveries failed every try: one creator's endpoint, or all of them (docs/production.md).",
    topic,
  );
}

/** The wrapper logs WEBHOOK_FAILED for every webhook it does not accept; a filter counts them. */
function watchWebhooks(topic: $util.Output<string>) {
  const namespace = `Payloft/${$app.stage}`;
  for (const { route, logGroup } of routeFunctions.filter((r) => isWebhookRoute(r.route))) {
    new aws.cloudwatch.LogMetricFilter(`WebhookFailed${name(route.path)}`, {
      logGroupName: logGroup,
      pattern: WEBHOOK_FAILED_PATTERN,
      metricTransformation: { namespace, name: "WebhookFailures", value: "1", defaultValue: "0" },
    });
  }
  const rule = ALARM_RULES.webhookFailures;
  new aws.cloudwatch.MetricAlarm("WebhookFailures", {
    alarmDescription: "Provider webhooks are being refused or failing: payments may not be recorded.",
    namespace,
    metricName: "WebhookFailures",
    statistic: "Sum",
    period: rule.periodSeconds,
    evaluationPeriods: 1,
    comparisonOperator: "GreaterThanOrEqualToThreshold",
    threshold: rule.atLeast,
    treatMissingData: "notBreaching",
    ...notify(topic),
  });
}

/** The figures fold: crashing, or so far behind the stream that dashboards are stale. */
function watchFigures(topic: $util.Output<string>) {
  const functionName = figuresFoldSubscriber.nodes.function.apply((fn) => fn.name);
  lambdaAlarm(
    "ErrorsFoldFigures",
    functionName,
    "Errors",
    ALARM_RULES.subscriberErrors,
    "The figures fold keeps failing.",
    topic,
  );
  const rule = ALARM_RULES.figuresBehind;
  new aws.cloudwatch.MetricAlarm("FiguresBehind", {
    alarmDescription:
      "The figures fold is behind the table's stream: dashboards and counts are stale (sales are safe).",
    namespace: "AWS/Lambda",
    metricName: "IteratorAge",
    dimensions: { FunctionName: functionName },
    statistic: "Maximum",
    period: rule.periodSeconds,
    evaluationPeriods: 1,
    comparisonOperator: "GreaterThanOrEqualToThreshold",
    threshold: rule.atLeastMs,
    treatMissingData: "notBreaching",
    ...notify(topic),
  });
}

if (alarmTopic && settings.alarmEmail) {
  // AWS e-mails a confirmation link first; alarms reach the address once it is clicked.
  new aws.sns.TopicSubscription("AlarmEmail", {
    topic: alarmTopic.arn,
    protocol: "email",
    endpoint: settings.alarmEmail,
  });
  watchApi(alarmTopic.arn);
  watchFunctions(alarmTopic.arn);
  watchBus(alarmTopic.arn);
  watchFigures(alarmTopic.arn);
  watchWebhooks(alarmTopic.arn);
  watchOutgoingWebhooks(alarmTopic.arn);
}
