import { describe, expect, it } from "vitest";
import { handlerModule, routeKey, routes } from "@payloft/functions/routes";
import {
  SUBSCRIBER_MAX_EVENT_AGE_SECONDS,
  SUBSCRIBER_RETRIES,
  subscribers,
  subscriberModule,
} from "@payloft/functions/subscribers";
import { scheduleExpression, scheduleModule, schedules } from "@payloft/functions/schedules";
import { ISSUER_LINKS, PAGE_LINKS, WEBHOOK_CONSUMER_LINKS, routeLinks } from "@payloft/functions/links";
import {
  BUS_ACTIONS,
  EMAIL_ACTIONS,
  FILES_BUCKET_ACTIONS,
  FILES_OBJECT_ACTIONS,
  QUEUE_ACTIONS,
  TABLE_ACTIONS,
} from "@payloft/core/permissions";
import { STAGE_ENV, label, linkNames, resolved, runInfra, transformed, type Declared } from "../src/testing/infra";

/**
 * The deploy program itself (sst.config.ts and infra/*), run against recording stand-ins for
 * SST's components (src/testing/infra.ts): what it declares for a stage (routes, links, queues,
 * caching, headers, alarms, tracing) is read from the components it creates and the transforms
 * it writes, applied to arguments, never from its source text. The local runtime serves the
 * same tables (gateway, bus), so these tests hold the deployed wiring to what the other tests
 * prove offline.
 */
const plain = () => runInfra({ stage: "test", env: STAGE_ENV });

describe("the API", () => {
  it("declares one API Gateway route per row of the route table, with its handler and exactly its links", async () => {
    const program = await plain();
    const api = program.one("sst.aws.ApiGatewayV2", "Api");
    const declared = api.calls.filter((c) => c.method === "route");
    expect(declared.map((c) => c.args[0]).sort()).toEqual(routes.map(routeKey).sort());
    const names = linkNames(program);
    for (const route of routes) {
      const [, fn] = declared.find((c) => c.args[0] === routeKey(route))!.args;
      expect(fn.handler, routeKey(route)).toBe(`${handlerModule(route)}.handler`);
      expect(fn.runtime, routeKey(route)).toBe("nodejs22.x");
      expect(names(fn.link), routeKey(route)).toEqual([...routeLinks(route)].sort());
      expect(fn.environment.SITE_URL, routeKey(route)).toBe(program.outputs.site);
    }
  });

  it("allows no cross-origin calls (SST's default is every origin): the site and the API share one origin", async () => {
    expect((await plain()).one("sst.aws.ApiGatewayV2", "Api").args.cors).toBe(false);
  });

  it("throttles the whole stage before any Lambda runs (rate limits per address come on top)", async () => {
    const stage = transformed((await plain()).one("sst.aws.ApiGatewayV2", "Api"), "stage");
    const { throttlingBurstLimit, throttlingRateLimit } = stage.defaultRouteSettings;
    expect(throttlingRateLimit).toBeGreaterThan(0);
    expect(throttlingBurstLimit).toBeGreaterThanOrEqual(throttlingRateLimit);
  });

  it("the site's origin sends /api and access links to the API", async () => {
    const program = await plain();
    const router = program.one("sst.aws.Router", "Router");
    const api = program.one("sst.aws.ApiGatewayV2", "Api").ref;
    const to = (prefix: string) => router.calls.find((c) => c.method === "route" && c.args[0] === prefix)?.args[1];
    expect(to("/api")).toBe(api.url);
    expect(to("/a")).toBe(api.url);
  });
});

describe("the bus and its dead letters", () => {
  it("subscribes one Lambda per subscriber row, retried, then sent to BusDeadLetters", async () => {
    const program = await plain();
    const bus = program.one("sst.aws.Bus", "Bus");
    const deadLetters = program.one("sst.aws.Queue", "BusDeadLetters").ref;
    const subscribed = bus.calls.filter((c) => c.method === "subscribe");
    expect(subscribed.map((c) => c.args[0]).sort()).toEqual(subscribers.map((s) => s.name).sort());
    const names = linkNames(program);
    for (const row of subscribers) {
      const [, fn, opts] = subscribed.find((c) => c.args[0] === row.name)!.args;
      expect(fn.handler).toBe(`${subscriberModule(row)}.handler`);
      expect(opts.pattern.detailType).toEqual(row.detailTypes);
      expect(names(fn.link), row.name).toEqual([...row.links].sort());
      expect(fn.retries).toBe(SUBSCRIBER_RETRIES);
      expect(fn.permissions).toContainEqual({ actions: ["sqs:SendMessage"], resources: [deadLetters.arn] });
      const invoke: Record<string, any> = {};
      fn.transform.eventInvokeConfig(invoke);
      expect(invoke).toEqual({
        maximumEventAgeInSeconds: SUBSCRIBER_MAX_EVENT_AGE_SECONDS,
        destinationConfig: { onFailure: { destination: deadLetters.arn } },
      });
    }
    expect(transformed(program.one("sst.aws.Queue", "BusDeadLetters"), "queue").messageRetentionSeconds).toBe(
      14 * 24 * 3600,
    );
  });
});

describe("scheduled jobs", () => {
  it("one Cron per row of the schedule table, not retried (the next run redoes the work), linked exactly", async () => {
    const program = await plain();
    const crons = program.all("sst.aws.Cron");
    expect(crons.map((c) => c.name).sort()).toEqual(schedules.map((s) => s.name).sort());
    const names = linkNames(program);
    for (const row of schedules) {
      const { schedule, function: fn } = program.one("sst.aws.Cron", row.name).args;
      expect(schedule).toBe(scheduleExpression(row));
      expect(fn).toMatchObject({ handler: `${scheduleModule(row)}.handler`, retries: 0 });
      expect(names(fn.link), row.name).toEqual([...row.links].sort());
    }
  });
});

describe("sign-in", () => {
  it("the issuer has its own CloudFront origin (OpenAuth sits at a root), not sst.aws.Auth's table", async () => {
    const program = await plain();
    expect(program.all("sst.aws.Auth")).toEqual([]);
    const issuer = program.one("sst.aws.Function", "AuthIssuer");
    expect(linkNames(program)(issuer.args.link)).toEqual([...ISSUER_LINKS].sort());
    const authRouter = program.one("sst.aws.Router", "AuthRouter");
    expect(authRouter.calls).toEqual([{ method: "route", args: ["/", issuer.ref.url] }]);
    expect(program.one("sst.Linkable", "Auth").args).toEqual({ properties: { url: authRouter.ref.url } });
    expect(program.outputs.authUrl).toBe(authRouter.ref.url);
    expect(label(program.outputs.googleRedirectUri)).toBe("<AuthRouter.url>/google/callback");
  });

  it("on a custom domain, the issuer is auth.<domain>", async () => {
    const program = await runInfra({ env: { ...STAGE_ENV, PAYLOFT_DOMAIN: "shop.example.com" } });
    expect(program.one("sst.aws.Router", "AuthRouter").args.domain).toEqual({ name: "auth.shop.example.com" });
    expect(program.one("sst.aws.Router", "Router").args.domain).toEqual({ name: "shop.example.com" });
    expect(program.outputs.site).toBe("https://shop.example.com");
  });
});

describe("least privilege", () => {
  it("the queue consumer and the page Lambda link exactly their lists", async () => {
    const program = await plain();
    const names = linkNames(program);
    const consumer = program.one("sst.aws.Queue", "WebhookQueue").calls.find((c) => c.method === "subscribe")!;
    expect(names(consumer.args[0].link)).toEqual([...WEBHOOK_CONSUMER_LINKS].sort());
    expect(names(program.one("sst.aws.Function", "Pages").args.link)).toEqual([...PAGE_LINKS].sort());
  });

  it("the table, bus, queue, e-mail and files links grant exactly the actions the code calls, never a wildcard", async () => {
    const program = await plain();
    /** What linking `component` grants: SST calls the program's Linkable.wrap callback for its type. */
    const grants = (component: Declared) => {
      const wrap = program.namespaceCalls.find(
        (c) => c.path === "sst.Linkable.wrap" && program.typeOf(c.args[0]) === component.type,
      )!;
      const before = program.namespaceCalls.length;
      wrap.args[1](component.ref);
      return program.namespaceCalls
        .slice(before)
        .filter((c) => c.path === "sst.aws.permission")
        .map((c) => c.args[0]);
    };
    const table = program.one("sst.aws.Dynamo", "Table");
    expect(grants(table).map((g) => ({ ...g, resources: g.resources.map(label) }))).toEqual([
      { actions: [...TABLE_ACTIONS], resources: ["<Table.arn>", "<Table.arn>/index/*"] },
    ]);
    const bus = program.one("sst.aws.Bus", "Bus");
    expect(grants(bus)).toEqual([{ actions: [...BUS_ACTIONS], resources: [bus.ref.arn] }]);
    const queue = program.one("sst.aws.Queue", "WebhookQueue");
    expect(grants(queue)).toEqual([{ actions: [...QUEUE_ACTIONS], resources: [queue.ref.arn] }]);
    expect(grants(program.one("sst.aws.Email", "Email"))[0].actions).toEqual([...EMAIL_ACTIONS]);
    // SST's own Bucket link is s3:* on the bucket and every object.
    const files = program.one("sst.aws.Bucket", "Files");
    expect(grants(files).map((g) => ({ ...g, resources: g.resources.map(label) }))).toEqual([
      { actions: [...FILES_OBJECT_ACTIONS], resources: ["<Files.arn>/*"] },
      { actions: [...FILES_BUCKET_ACTIONS], resources: ["<Files.arn>"] },
    ]);

    // Nothing the program declares grants a whole service.
    const strings: string[] = [];
    const walk = (v: unknown, depth = 0): void => {
      if (typeof v === "string") strings.push(v);
      else if (Array.isArray(v)) v.forEach((x) => walk(x, depth + 1));
      else if (v && typeof v === "object" && label(v) === v && depth < 12)
        Object.values(v).forEach((x) => walk(x, depth + 1));
    };
    walk([program.declared.map((d) => d.args), program.namespaceCalls.map((c) => c.args)]);
    expect(strings.filter((s) => /^[a-z0-9-]+:\*$/.test(s))).toEqual([]);
    expect(TABLE_ACTIONS).not.toContain("dynamodb:Scan"); // never on a request path
  });
});

describe("the stage's name decides nothing", () => {
  /**
   * Everything the program declares, with its transforms applied, as plain data: symbolic
   * outputs by their label, the stage's name in the metric namespace (Payloft/<stage>) left out.
   */
  async function declaredFor(stage: string, env: Record<string, string | undefined>) {
    const program = await runInfra({ stage, env: { ...STAGE_ENV, ...env } });
    const withTransforms = (args: Record<string, any>) => ({
      ...args,
      transform: Object.fromEntries(
        Object.entries(args.transform ?? {}).map(([k, fn]) => {
          const applied: Record<string, any> = {};
          try {
            if (typeof fn === "function") fn(applied, {}, k);
          } catch (err) {
            applied.needs = String(err); // a transform that reads SST's own arguments first
          }
          return [k, applied];
        }),
      ),
    });
    const everything = {
      declared: program.declared.map((d) => ({ ...d, args: withTransforms(d.args), ref: undefined })),
      defaults: program.transforms.map((t) => {
        const args: Record<string, any> = {};
        t.fn(args);
        return withTransforms(args);
      }),
    };
    const text = JSON.stringify(everything, (_k, v) => (typeof v === "function" ? label(v) : resolved(v)));
    return JSON.parse(text.replaceAll(`Payloft/${stage}`, "Payloft/<stage>"));
  }

  it("production is the PAYLOFT_PRODUCTION setting: any two names declare the same stage", async () => {
    const production = { PAYLOFT_PRODUCTION: "1", PAYLOFT_ALARM_EMAIL: "ops@example.com" };
    expect(await declaredFor("production", production)).toEqual(await declaredFor("shop", production));
    expect(await declaredFor("dev", { PAYLOFT_PRODUCTION: undefined })).toEqual(
      await declaredFor("alice", { PAYLOFT_PRODUCTION: undefined }),
    );
  });
});
