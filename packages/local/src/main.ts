import { join, dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * `npm start`: the whole product on http://localhost:$PORT (default 3000).
 * Everything a person sees here is one readable line: the URLs when ready, and on a
 * problem what to do about it (a stack trace only with DEBUG=1).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
// Node 20 is supported here; the SDK's notice about 2027 is noise on every start.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
// Read now, not once ready: if the parent dies during a slow start we must still notice.
const parentPid = process.ppid;
const debug = process.env.DEBUG === "1" || process.env.DEBUG === "true";
const bold = (s: string) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[22m` : s);
const dim = (s: string) => (process.stdout.isTTY ? `\x1b[2m${s}\x1b[22m` : s);

function fail(message: string, err?: unknown): never {
  console.error(`\n  ✖ ${message}\n`);
  if (debug && err instanceof Error) console.error(err.stack);
  process.exit(1);
}

function readPort(): number {
  const raw = process.env.PORT?.trim();
  if (!raw) return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    fail(`PORT must be a number between 1 and 65535 (got "${raw}").`);
  return port;
}

/** Turns what can go wrong at start into the one thing to do about it. */
function explain(err: Error): string {
  const m = err.message;
  if (/EADDRINUSE/.test(m))
    return `A port is already in use (${m}). Stop the other process, or use PORT=<other port> npm start.`;
  if (/EACCES/.test(m)) return `Not allowed to listen on that port (${m}). Use a port above 1024: PORT=3000 npm start.`;
  if (/Cannot find module|ERR_MODULE_NOT_FOUND/.test(m))
    return `A module is missing (${m.split("\n")[0]}). Run npm start again: it reinstalls dependencies when needed.`;
  return m.split("\n")[0]!;
}

type Stack = Awaited<ReturnType<typeof import("./stack").startStack>>;
let stack: Stack | undefined;
let stopping = false;

/** One way out for Ctrl-C, SIGTERM, a closed terminal or a vanished parent, even mid-start. */
async function stop(why: string) {
  if (stopping) return;
  stopping = true;
  console.log(dim(`\n  Stopping (${why})…`));
  // Never hang on the way out; the exit hook in dynamo.ts kills the JVM whatever happens.
  setTimeout(() => process.exit(0), 5000).unref();
  try {
    await stack?.stop();
  } catch (err) {
    console.error(`  ✖ ${explain(err as Error)}`);
  }
  process.exit(0);
}

function printReady(s: Stack, seconds: number, dataDir: string, seed: boolean) {
  // Other parts may or may not be mounted (they are finished in their own issues).
  const extra = s as {
    issuer?: { url: string };
    stripe?: { url: string };
    paypal?: { url: string };
    s3?: { url: string; bucket: string };
    dynamoFront?: { port: number; scale: number };
  };
  const rows: [string, string][] = [
    ["App", s.url],
    ["API health", `${s.url}/api/health`],
    ["Outbox", `${s.url}/__outbox`],
  ];
  if (extra.issuer)
    rows.push([
      "Sign-in",
      `${extra.issuer.url}  ${dim('(issuer + local Google emulator; reached through "Sign in")')}`,
    ]);
  if (extra.stripe)
    rows.push(["Payments", `${extra.stripe.url}/events  ${dim("(payments sandbox: checkouts, webhooks)")}`]);
  if (extra.paypal) rows.push(["PayPal", `${extra.paypal.url}/events  ${dim("(PayPal sandbox: orders, webhooks)")}`]);
  if (extra.s3) rows.push(["Files", `${extra.s3.url}/${extra.s3.bucket}  ${dim("(local S3: signed requests only)")}`]);
  if (extra.dynamoFront)
    rows.push([
      "DynamoDB",
      `http://localhost:${extra.dynamoFront.port}  ${dim(`(table ${s.tableName}, key "local"/"local"; conflicts and throttles as AWS at 1/${extra.dynamoFront.scale} of its limits)`)}`,
    ]);

  console.log(`\n  ${bold("Payloft is running")} ${dim(`(ready in ${seconds.toFixed(1)} s)`)}\n`);
  for (const [label, url] of rows) console.log(`  ${label.padEnd(12)}${url}`);
  if (seed)
    console.log(
      `\n  Demo accounts ${dim("(sign in through the emulator)")}: creator@demo.local, buyer@demo.local, admin@demo.local`,
    );
  const shownDir = relative(process.cwd(), dataDir);
  console.log(
    `  Data        ${!shownDir || shownDir.startsWith("..") ? dataDir : shownDir} ${dim("(kept across restarts; delete the folder to start fresh)")}`,
  );
  console.log(`\n  Press Ctrl-C to stop.\n`);
}

async function main() {
  const port = readPort();
  const dataDir = process.env.PAYLOFT_DATA_DIR ?? join(root, ".local/dynamodb");
  const seed = process.env.SEED !== "0";

  process.on("SIGINT", () => void stop("Ctrl-C"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGHUP", () => void stop("terminal closed"));
  // If whatever started us dies without passing a signal on, we are re-parented:
  // stop then too, so DynamoDB Local is never left running on its own.
  setInterval(() => {
    if (process.ppid !== parentPid) void stop("parent process exited");
  }, 1000).unref();
  // A bug in one request must not take the whole local product down: report it and go on.
  process.on("unhandledRejection", (err) => console.error(`  ✖ Unhandled error: ${explain(err as Error)}`));

  console.log(
    dim(
      `  Starting Payloft (DynamoDB Local, API, sign-in, payments and PayPal sandboxes${seed ? ", demo data" : ""})…`,
    ),
  );
  const { startStack } = await import("./stack");
  const started = Date.now();
  stack = await startStack({ port, dataDir, seed, scheduleTimers: true });
  if (stopping) return;
  printReady(stack, (Date.now() - started) / 1000, dataDir, seed);
}

main().catch((err: Error) => fail(`Could not start: ${explain(err)}`, err));
