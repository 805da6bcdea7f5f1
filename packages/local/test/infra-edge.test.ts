import { describe, expect, it } from "vitest";
import { routeKey, routes } from "@payloft/functions/routes";
import { subscribers } from "@payloft/functions/subscribers";
import { schedules } from "@payloft/functions/schedules";
import { ALARM_RULES, WEBHOOK_FAILED_PATTERN, isWebhookRoute } from "@payloft/functions/monitoring";
import {
  FRAMEABLE_PATH_PREFIXES,
  HSTS_MAX_AGE,
  ORIGIN_SECRET_HEADER,
  VIEWER_ADDRESS_HEADER,
  pageCsp,
} from "@payloft/functions/http/headers";
import { LAMBDA_NODEJS, LAMBDA_RUNTIME } from "../../../infra/lambda-bundling.mjs";
import { STAGE_ENV, label, resolved, runInfra, transformed, type Program } from "../src/testing/infra";

/**
 * The deploy program's edge and operations (see infra.test.ts for how it is run): what
 * CloudFront keeps and the headers it adds, the code its edge functions run, the alarms and
 * tracing of a stage.
 */
const plain = () => runInfra({ stage: "test", env: STAGE_ENV });

describe("CloudFront", () => {
  it("keeps nothing by default, never keeps an error, and forwards the API key header", async () => {
    const router = (await plain()).one("sst.aws.Router", "Router");
    const policy = transformed(router, "cachePolicy", {
      parametersInCacheKeyAndForwardedToOrigin: { headersConfig: { headerBehavior: "none" } },
    });
    expect(policy).toMatchObject({ minTtl: 0, defaultTtl: 0 });
    expect(resolved(policy.parametersInCacheKeyAndForwardedToOrigin).headersConfig).toEqual({
      headerBehavior: "whitelist",
      headers: { items: ["authorization"] },
    });
    const cdn = transformed(router, "cdn", { defaultCacheBehavior: {} });
    for (const code of [400, 403, 404, 500, 502, 503, 504])
      expect(cdn.customErrorResponses).toContainEqual({ errorCode: code, errorCachingMinTtl: 0 });
  });

  it("answers with the security headers the local runtime sends, the page CSP where the origin sent none", async () => {
    const program = await plain();
    const policy = program.one("aws.cloudfront.ResponseHeadersPolicy", "SecurityHeaders");
    const config = policy.args.securityHeadersConfig;
    expect(config.contentTypeOptions).toEqual({ override: true });
    expect(config.strictTransportSecurity).toMatchObject({ accessControlMaxAgeSec: HSTS_MAX_AGE, override: true });
    const uploadOrigin = "https://<Files.name>.s3.us-east-1.amazonaws.com";
    expect(resolved(config.contentSecurityPolicy.contentSecurityPolicy)).toBe(
      pageCsp({ frameable: false, https: true, uploadOrigin }),
    );
    expect(config.contentSecurityPolicy.override).toBe(false);
    const cdn = transformed(program.one("sst.aws.Router", "Router"), "cdn", { defaultCacheBehavior: { a: 1 } });
    expect(resolved(cdn.defaultCacheBehavior)).toEqual({ a: 1, responseHeadersPolicyId: policy.ref.id });
  });

  it("the edge lets only the overlay be framed, and sets the viewer's address over whatever the client sent", async () => {
    const { edge } = (await plain()).one("sst.aws.Router", "Router").args;
    // CloudFront Functions run the injected code with `event` in scope.
    const run = (code: string, event: Record<string, any>) => (new Function("event", code)(event), event);
    for (const prefix of FRAMEABLE_PATH_PREFIXES) {
      const framed = run(edge.viewerResponse.injection, { request: { uri: `${prefix}x` }, response: { headers: {} } });
      expect(framed.response.headers["content-security-policy"]).toEqual({
        value: pageCsp({ frameable: true, https: true }),
      });
    }
    const page = run(edge.viewerResponse.injection, { request: { uri: "/dashboard" }, response: { headers: {} } });
    expect(page.response.headers).toEqual({});
    const request = run(resolved(edge.viewerRequest.injection), {
      viewer: { ip: "203.0.113.7" },
      request: { headers: { [VIEWER_ADDRESS_HEADER]: { value: "1.1.1.1" }, [ORIGIN_SECRET_HEADER]: { value: "x" } } },
    });
    expect(request.request.headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: "203.0.113.7" });
    // The origin secret the API requires, from the OriginSecret secret, over a client's own.
    expect(request.request.headers[ORIGIN_SECRET_HEADER]).toEqual({ value: "<OriginSecret.value>" });
  });

  it("the issuer's edge adds the same origin secret", async () => {
    const { edge } = (await plain()).one("sst.aws.Router", "AuthRouter").args;
    const code = resolved(edge.viewerRequest.injection) as string;
    const request = new Function("event", `${code}; return event;`)({ request: { headers: {} } });
    expect(request.request.headers[ORIGIN_SECRET_HEADER]).toEqual({ value: "<OriginSecret.value>" });
  });
});

describe("alarms and tracing", () => {
  const withAlarms = () => runInfra({ env: { ...STAGE_ENV, PAYLOFT_ALARM_EMAIL: "ops@example.com" } });
  const alarm = (program: Program, name: string) => program.one("aws.cloudwatch.MetricAlarm", name).args;

  it("without an alarm address there are no alarms (a stage other than production)", async () => {
    const program = await plain();
    expect(program.all("aws.cloudwatch.MetricAlarm")).toEqual([]);
    expect(program.all("aws.sns.Topic")).toEqual([]);
  });

  it("alarms e-mail the address, and count what the code writes", async () => {
    const program = await withAlarms();
    const topic = program.one("aws.sns.Topic", "Alarms").ref;
    expect(program.one("aws.sns.TopicSubscription", "AlarmEmail").args).toEqual({
      topic: topic.arn,
      protocol: "email",
      endpoint: "ops@example.com",
    });
    for (const a of program.all("aws.cloudwatch.MetricAlarm")) expect(a.args.alarmActions, a.name).toEqual([topic.arn]);

    // The webhook failure line the wrapper writes (monitoring.test.ts) is counted in each webhook Lambda's log.
    const filters = program.all("aws.cloudwatch.LogMetricFilter");
    const webhooks = routes.filter(isWebhookRoute);
    expect(filters).toHaveLength(webhooks.length);
    for (const route of webhooks) {
      const filter = filters.find((f) => String(label(f.args.logGroupName)).includes(`(${routeKey(route)})`))!;
      expect(filter.args).toMatchObject({
        pattern: WEBHOOK_FAILED_PATTERN,
        metricTransformation: { namespace: "Payloft/test", name: "WebhookFailures", value: "1" },
      });
    }
    expect(alarm(program, "WebhookFailures")).toMatchObject({
      namespace: "Payloft/test",
      metricName: "WebhookFailures",
      threshold: ALARM_RULES.webhookFailures.atLeast,
    });

    // Every route, subscriber and scheduled Lambda, the dead-letter queue, and the API's share of 5xx.
    const crashes = program.all("aws.cloudwatch.MetricAlarm").filter((a) => a.args.metricName === "Errors");
    // + issuer, page Lambda, webhook consumer, figures fold
    expect(crashes).toHaveLength(routes.length + subscribers.length + schedules.length + 4);
    const lost = program
      .all("aws.cloudwatch.MetricAlarm")
      .filter((a) => a.args.metricName === "DestinationDeliveryFailures");
    expect(lost).toHaveLength(subscribers.length);
    expect(alarm(program, "DeadLetters").dimensions).toEqual({
      QueueName: program.one("sst.aws.Queue", "BusDeadLetters").ref.nodes.queue.name,
    });
    // Creators' outgoing webhooks: the queue consumer crashing, and deliveries dead after every try.
    expect(alarm(program, "ErrorsWebhookDelivery")).toMatchObject({
      threshold: ALARM_RULES.webhookConsumerErrors.atLeast,
    });
    expect(label(alarm(program, "ErrorsWebhookDelivery").dimensions.FunctionName)).toBe(
      "<WebhookQueue.subscribe().nodes.function.name>",
    );
    // The figures fold: behind the table's stream (the age of its oldest unfolded record).
    expect(alarm(program, "FiguresBehind")).toMatchObject({
      metricName: "IteratorAge",
      statistic: "Maximum",
      threshold: ALARM_RULES.figuresBehind.atLeastMs,
    });
    expect(label(alarm(program, "FiguresBehind").dimensions.FunctionName)).toBe(
      "<Table.subscribe(FoldFigures).nodes.function.name>",
    );
    expect(alarm(program, "WebhookDeadLetters")).toMatchObject({
      dimensions: { QueueName: program.one("sst.aws.Queue", "WebhookDeadLetters").ref.nodes.queue.name },
      threshold: ALARM_RULES.webhookDeadLetters.atLeast,
    });
    expect(alarm(program, "Api5xxRate").metricQueries.map((q: { id: string }) => q.id)).toEqual([
      "errors",
      "requests",
      "rate",
    ]);
  });

  it("every Lambda: the runtime and bundling the bundle tests build with, and traces with a role that may only write them", async () => {
    const program = await plain();
    const defaults = program.transforms.filter((t) => t.type === "sst.aws.Function");
    expect(defaults).toHaveLength(1);
    const args: Record<string, any> = {};
    defaults[0]!.fn(args);
    expect(args).toMatchObject({ runtime: LAMBDA_RUNTIME, architecture: "arm64" });
    // SST gets infra/lambda-bundling.mjs's settings in full (lambda-bundles.test.ts builds with them).
    expect(resolved(args.nodejs)).toEqual({ ...LAMBDA_NODEJS, esbuild: { ...LAMBDA_NODEJS.esbuild } });
    // A function's own settings win.
    const own: Record<string, any> = { nodejs: { minify: false } };
    defaults[0]!.fn(own);
    expect(resolved(own.nodejs)).toMatchObject({ minify: false, esbuild: LAMBDA_NODEJS.esbuild });
    const fn: Record<string, any> = {};
    args.transform.function(fn, {}, "AnyFunction");
    expect(fn.tracingConfig).toEqual({ mode: "Active" });
    expect(resolved(args.permissions)).toEqual([
      { actions: ["xray:PutTraceSegments", "xray:PutTelemetryRecords"], resources: ["*"] },
    ]);
  });
});
