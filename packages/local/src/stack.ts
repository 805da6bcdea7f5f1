import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { startDynamoLocal, ensureTable, type DynamoLocal } from "./dynamo";
import { startDynamoFront } from "./dynamo-front/index";
import { applyLocalEnv } from "./env";
import { freePort, assertPortFree } from "./ports";

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
  /** Load the demo data (on by default for `npm start`). */
  seed?: boolean;
  quiet?: boolean;
  /** Run the scheduled jobs on their timers (`npm start`); tests run them when they choose. */
  scheduleTimers?: boolean;
}

export type Mount = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve((server.address() as { port: number }).port));
  });
}

/**
 * Starts the whole offline product: DynamoDB Local, the table, the in-process bus, the
 * outbox and one HTTP origin serving the web app and /api/* through the route table.
 * Each part lives in its own module; this file only wires them together.
 */
export async function startStack(opts: StackOptions = {}) {
  const here = dirname(fileURLToPath(import.meta.url));
  const fixed = opts.port !== undefined && opts.port !== 0;
  if (fixed) await assertPortFree(opts.port!, "the web app and API");
  const port = fixed ? opts.port! : await freePort();
  const siteUrl = `http://localhost:${port}`;

  let dynamo: DynamoLocal | undefined;
  const dynamoLocal =
    opts.dynamoEndpoint ?? (dynamo = await startDynamoLocal({ dataDir: opts.dataDir ?? null })).endpoint;
  // Every caller reaches DynamoDB Local through the front that conflicts and throttles as
  // DynamoDB does (dynamo-front/); npm start prints it (PORT+5) for the AWS CLI and table browsers.
  if (fixed) await assertPortFree(port + 5, "the local DynamoDB");
  const front = await startDynamoFront({ target: dynamoLocal, port: fixed ? port + 5 : 0 });
  const dynamoEndpoint = front.endpoint;
  const tableName = opts.tableName ?? "payloft-local";
  await ensureTable(dynamoEndpoint, tableName);

  // A fixed origin (npm start) keeps fixed neighbours, so the issuer URL (baked into
  // session tokens) and the sandbox's hosted-page URLs survive a restart.
  const issuerPort = fixed ? port + 1 : await freePort();
  const stripePort = fixed ? port + 2 : await freePort();
  const paypalPort = fixed ? port + 3 : await freePort();
  const s3Port = fixed ? port + 4 : 0;
  if (fixed) {
    await assertPortFree(issuerPort, "the local sign-in issuer");
    await assertPortFree(stripePort, "the local payments sandbox");
    await assertPortFree(paypalPort, "the local PayPal sandbox");
    await assertPortFree(s3Port, "the local S3 (hosted files)");
  }
  const { startLocalS3 } = await import("./s3/index");
  const s3 = await startLocalS3({
    port: s3Port,
    bucket: "payloft-files-local",
    region: process.env.AWS_REGION ?? "local",
    allowedOrigins: [siteUrl],
    dataDir: opts.dataDir ? join(opts.dataDir, "../s3") : null,
  });
  applyLocalEnv({
    siteUrl,
    dynamoEndpoint,
    tableName,
    issuerUrl: `http://localhost:${issuerPort}`,
    stripeApiUrl: `http://localhost:${stripePort}`,
    paypalApiUrl: `http://localhost:${paypalPort}`,
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
  const issuer = await startIssuer({ port: issuerPort, suggested: opts.seed ? [...DEMO_ACCOUNTS] : [] });
  const bus = startLocalBus();
  const outbox = startOutbox();
  const { startLocalQueue } = await import("./queue");
  const queue = startLocalQueue();
  // Before the seed: it saves a demo seller's Stripe integration, which calls the sandbox.
  const { startLocalPayments } = await import("./stripe-sandbox/local");
  const stripe = await startLocalPayments({ port: stripePort, siteUrl, dataDir: opts.dataDir });
  // Before the seed too: the demo PayPal seller's credentials are checked against it.
  const { startPayPalSandbox } = await import("./paypal-sandbox/index");
  const paypal = await startPayPalSandbox({
    port: paypalPort,
    stateFile: opts.dataDir ? join(opts.dataDir, "..", "paypal-sandbox.json") : undefined,
  });
  if (opts.seed) {
    const { seedDemoData } = await import("./seed/index");
    await seedDemoData();
  }
  const { startLocalSchedules } = await import("./schedules");
  const schedules = startLocalSchedules({ timers: opts.scheduleTimers ?? false });
  const mounts: Mount[] = [handleApi, outbox.handle, handleAwsRequest, schedules.handle];
  const serveStatic = staticSite(opts.webDist ?? join(here, "../../web/dist"));

  const server = createServer(async (req, res) => {
    try {
      for (const mount of mounts) if (await mount(req, res)) return;
      await serveStatic(req, res);
    } catch (err) {
      console.error(err);
      if (!res.headersSent)
        res.writeHead(500, { "content-type": "application/json", "x-content-type-options": "nosniff" });
      res.end(JSON.stringify({ error: "Local gateway error" }));
    }
  });
  await listen(server, port);

  return {
    url: siteUrl,
    port,
    dynamoEndpoint,
    /** The contention-true front's state: conflicts, throttles, writes per item. */
    dynamoFront: front,
    tableName,
    bus,
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
     * every chain. Tests wait on this before asserting that something did not happen.
     */
    async settled() {
      const parts = [stripe, paypal, bus, queue];
      while (parts.some((p) => p.busy)) await Promise.all(parts.map((p) => p.idle()));
    },
    async stop() {
      schedules.stop();
      bus.stop();
      queue.stop();
      await stripe.stop();
      await paypal.stop();
      await s3.stop();
      await new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections?.();
      await issuer.stop();
      await front.stop();
      await dynamo?.stop();
    },
  };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;
