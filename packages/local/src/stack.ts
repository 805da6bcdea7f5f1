import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { startDynamoLocal, ensureTable, type DynamoLocal } from "./dynamo";
import { startDynamoFront } from "./dynamo-front/index";
import { applyLocalEnv } from "./env";
import { bindServer, closeServer, type BoundServer } from "./ports";

export interface StackOptions {
  /** Port of the one local origin (web + /api). 0 picks a free port. */
  port?: number;
  /** Use an already running DynamoDB Local instead of starting one. */
  dynamoEndpoint?: string;
  /** Where DynamoDB Local keeps data; null keeps it in memory. */
  dataDir?: string | null;
  tableName?: string;
  /** Built web app to serve; defaults to packages/web/dist. */
  webDist?: string;
  /** The figures fold's batching window (Lambda's, 1 s, unless a test shortens it). */
  streamWindowMs?: number;
  /** Load the demo data (on by default for `npm start`). */
  seed?: boolean;
  quiet?: boolean;
  /** Run the scheduled jobs on their timers (`npm start`); tests run them when they choose. */
  scheduleTimers?: boolean;
}

export type Mount = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

/**
 * Starts the whole offline product: DynamoDB Local, the table, the in-process bus, the
 * outbox and one HTTP origin serving the web app and /api/* through the route table.
 * Each part lives in its own module; this file only wires them together.
 */
export async function startStack(opts: StackOptions = {}) {
  const here = dirname(fileURLToPath(import.meta.url));
  // Every server is bound before anything starts: the URLs are known up front (the issuer's is
  // baked into session tokens, the sandboxes' into hosted pages) and no other process can take
  // a port in between. A fixed origin (npm start) keeps fixed neighbours, so those URLs survive
  // a restart; port 0 (tests) lets the OS pick each one.
  const fixed = opts.port !== undefined && opts.port !== 0;
  const at = (offset: number) => (fixed ? opts.port! + offset : 0);
  const bound: BoundServer[] = [];
  const bind = async (offset: number, what: string) => {
    const b = await bindServer(at(offset), what);
    bound.push(b);
    return b;
  };
  let site: BoundServer, issuerAt: BoundServer, stripeAt: BoundServer, paypalAt: BoundServer;
  try {
    site = await bind(0, "the web app and API");
    issuerAt = await bind(1, "the local sign-in issuer");
    stripeAt = await bind(2, "the local payments sandbox");
    paypalAt = await bind(3, "the local PayPal sandbox");
  } catch (err) {
    await Promise.all(bound.map((b) => closeServer(b.server)));
    throw err;
  }
  const port = site.port;
  const siteUrl = site.url;
  // Until the stack is ready (the seed's payment setup may already make the sandbox call the
  // site), the site answers 503, as an origin still starting would; the sandbox retries.
  const ready: { serve?: (req: IncomingMessage, res: ServerResponse) => Promise<void> } = {};
  site.server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (ready.serve) void ready.serve(req, res);
    else res.writeHead(503, { "retry-after": "1" }).end();
  });

  let dynamo: DynamoLocal | undefined;
  const dynamoLocal =
    opts.dynamoEndpoint ?? (dynamo = await startDynamoLocal({ dataDir: opts.dataDir ?? null })).endpoint;
  // Every caller reaches DynamoDB Local through the front that conflicts and throttles as
  // DynamoDB does (dynamo-front/); npm start prints it (PORT+5) for the AWS CLI and table browsers.
  const front = await startDynamoFront({ target: dynamoLocal, port: at(5) });
  const dynamoEndpoint = front.endpoint;
  const tableName = opts.tableName ?? "payloft-local";
  await ensureTable(dynamoEndpoint, tableName);

  const { startLocalS3 } = await import("./s3/index");
  const s3 = await startLocalS3({
    port: at(4),
    bucket: "payloft-files-local",
    region: process.env.AWS_REGION ?? "local",
    allowedOrigins: [siteUrl],
    dataDir: opts.dataDir ? join(opts.dataDir, "../s3") : null,
  });
  applyLocalEnv({
    siteUrl,
    dynamoEndpoint,
    tableName,
    issuerUrl: issuerAt.url,
    stripeApiUrl: stripeAt.url,
    paypalApiUrl: paypalAt.url,
    s3,
  });

  // The same startup check the Lambdas run, over everything the product links: a setting
  // missing from the local environment stops the start with what is wrong.
  const { assertLocalSettings } = await import("./settings-check");
  assertLocalSettings();

  // Imported only now: these read Resource, which must see the env set above.
  const { handleApi } = await import("./gateway");
  const { startLocalBus } = await import("./bus/index");
  const { handleAwsRequest } = await import("./bus/http");
  const { startOutbox } = await import("./outbox");
  const { staticSite } = await import("./static");

  const { startIssuer } = await import("./issuer");
  const { DEMO_ACCOUNTS } = await import("./seed/accounts");
  const issuer = await startIssuer({ port: issuerAt, suggested: opts.seed ? [...DEMO_ACCOUNTS] : [] });
  const bus = startLocalBus();
  // The table's stream to the figures fold, as Lambda's event source mapping delivers it.
  const { startLocalStream } = await import("./stream/index");
  const { figuresFold } = await import("@payloft/functions/table-stream");
  const stream = startLocalStream({
    endpoint: dynamoEndpoint,
    tableName,
    subscriber: figuresFold,
    ...(opts.streamWindowMs !== undefined ? { windowMs: opts.streamWindowMs, pollMs: 50 } : {}),
  });
  const outbox = startOutbox();
  const { startLocalQueue } = await import("./queue");
  const queue = startLocalQueue();
  // A sandbox's test clock moved: the scheduled jobs that act on providers' dates run at its time.
  const clock: { moved?: (provider: "stripe" | "paypal", now: number) => void } = {};
  // Before the seed: it saves a demo seller's Stripe integration, which calls the sandbox.
  const { startLocalPayments } = await import("./stripe-sandbox/local");
  const stripe = await startLocalPayments({
    port: stripeAt,
    siteUrl,
    dataDir: opts.dataDir,
    onClockAdvanced: (now) => clock.moved?.("stripe", now),
  });
  // Before the seed too: the demo PayPal seller's credentials are checked against it.
  const { startPayPalSandbox } = await import("./paypal-sandbox/index");
  const paypal = await startPayPalSandbox({
    port: paypalAt,
    stateFile: opts.dataDir ? join(opts.dataDir, "..", "paypal-sandbox.json") : undefined,
    onClockAdvanced: (now) => clock.moved?.("paypal", now),
  });
  if (opts.seed) {
    const { seedDemoData } = await import("./seed/index");
    await seedDemoData();
  }
  const { startLocalSchedules } = await import("./schedules");
  const schedules = startLocalSchedules({ timers: opts.scheduleTimers ?? false });
  /** Until nothing is left to happen in the providers, the bus, the queue and the stream. */
  const delivered = async () => {
    const parts = [stripe, paypal, bus, queue];
    do {
      while (parts.some((p) => p.busy)) await Promise.all(parts.map((p) => p.idle()));
      await stream.idle();
    } while (parts.some((p) => p.busy));
  };
  clock.moved = (provider, now) => schedules.billingClockMoved(provider, now, delivered);
  const mounts: Mount[] = [handleApi, outbox.handle, handleAwsRequest, schedules.handle];
  const serveStatic = staticSite(opts.webDist ?? join(here, "../../web/dist"));

  ready.serve = async (req, res) => {
    try {
      for (const mount of mounts) if (await mount(req, res)) return;
      await serveStatic(req, res);
    } catch (err) {
      console.error(err);
      if (!res.headersSent)
        res.writeHead(500, { "content-type": "application/json", "x-content-type-options": "nosniff" });
      res.end(JSON.stringify({ error: "Local gateway error" }));
    }
  };

  return {
    url: siteUrl,
    port,
    dynamoEndpoint,
    /** The contention-true front's state: conflicts, throttles, writes per item. */
    dynamoFront: front,
    tableName,
    bus,
    /** The table's stream to the figures fold: `idle()` once every figure written so far is folded. */
    stream,
    outbox,
    queue,
    issuer,
    stripe,
    paypal,
    s3,
    schedules,
    /**
     * Resolves once nothing is left to happen: no provider webhook being sent or waiting for
     * its retry, no bus delivery running or waiting for its retry, no outgoing webhook queued,
     * being sent or waiting. Each part counts the work it hands on (a webhook's handler
     * publishes to the bus, a subscriber queues an outgoing webhook or calls the sandbox)
     * before it counts its own as done, so a moment when every part is idle is the end of
     * every chain. Then the table's stream has folded every figure written so far (the fold
     * hands nothing on, so the others stay idle unless something new began meanwhile), and the
     * scheduled runs a sandbox's clock move started are over (they wait for the rest first).
     * Tests wait on this before asserting that something did not happen.
     */
    async settled() {
      do {
        await delivered();
        await schedules.idle();
      } while (schedules.busy || [stripe, paypal, bus, queue].some((p) => p.busy));
    },
    async stop() {
      schedules.stop();
      bus.stop();
      stream.stop();
      queue.stop();
      await stripe.stop();
      await paypal.stop();
      await s3.stop();
      await closeServer(site.server);
      await issuer.stop();
      await front.stop();
      await dynamo?.stop();
    },
  };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;
