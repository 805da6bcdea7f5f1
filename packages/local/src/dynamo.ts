import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { mkdirSync } from "node:fs";
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
} from "@aws-sdk/client-dynamodb";
import { tableKeys } from "@payloft/core/db/table";
import { freePort } from "./ports";

export interface DynamoLocal {
  endpoint: string;
  port: number;
  /** The JVM's process id (tests freeze it with SIGSTOP to play a hanging database). */
  pid: number | undefined;
  stop(): Promise<void>;
}

function emulatorDir() {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve("amplify-dynamodb-simulator/package.json")), "emulator");
}

export function assertJava() {
  const out = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (out.error || out.status !== 0) {
    throw new Error(
      "Java 17 or newer is needed for DynamoDB Local: install it (e.g. `apt-get install -y openjdk-17-jre-headless`) and try again.",
    );
  }
}

/**
 * Runs "$@" (java …) in the background, prints its pid, and kills it when stdin reaches EOF
 * (our end of the pipe closed). Exits with the JVM's exit code when the JVM ends first.
 * In a non-interactive sh, background jobs ignore SIGINT (Ctrl-C stops us, and we stop it)
 * and get /dev/null as stdin, hence the pipe is kept on fd 3 for the watcher.
 */
const WATCHDOG = `exec 3<&0
"$@" </dev/null >/dev/null & j=$!
echo $j
(cat <&3 >/dev/null; kill $j 2>/dev/null) &
wait $j; code=$?
exit $code`;

const PORT_TAKEN = /BindException|Address already in use/;

/** Starts AWS's DynamoDB Local: in memory, or persisted in `dataDir` so data survives restarts. */
export async function startDynamoLocal(
  opts: { port?: number; dataDir?: string | null } = {},
  attempt = 1,
): Promise<DynamoLocal> {
  assertJava();
  const port = opts.port ?? (await freePort());
  const dir = emulatorDir();
  const storage = opts.dataDir
    ? (mkdirSync(opts.dataDir, { recursive: true }), ["-dbPath", opts.dataDir])
    : ["-inMemory"];
  const javaArgs = [
    "-Xmx512m",
    `-Djava.library.path=${join(dir, "DynamoDBLocal_lib")}`,
    "-jar",
    join(dir, "DynamoDBLocal.jar"),
    "-port",
    String(port),
    "-disableTelemetry",
    ...storage,
    "-sharedDb",
  ];
  // The JVM runs under a tiny sh that holds a pipe from us: however this process ends (Ctrl-C,
  // a crash, SIGKILL, a test worker torn down), the pipe closes and the JVM is killed, so no
  // DynamoDB Local is ever left running on its own. stop() closes the pipe on purpose.
  const child: ChildProcess = spawn("sh", ["-c", WATCHDOG, "dynamodb-local", "java", ...javaArgs], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  let javaPid: number | undefined;
  child.stdout?.once("data", (d) => (javaPid = Number(String(d).trim()) || undefined));
  let stderr = "";
  child.stderr?.on("data", (d) => (stderr += d));
  const killJava = () => {
    try {
      if (javaPid) process.kill(javaPid, "SIGKILL");
    } catch {
      /* already gone */
    }
  };
  process.once("exit", killJava);
  let stopping = false;
  let ready = false;
  child.once("exit", (code, signal) => {
    process.off("exit", killJava);
    // Ctrl-C reaches the watchdog shell too; that is a stop, not a failure.
    const interrupted = signal === "SIGINT" || code === 130;
    if (!stopping && ready && !interrupted) {
      console.error(
        `  ✖ DynamoDB Local stopped unexpectedly (${signal ?? `exit code ${code}`}): the API answers 503 until it is back. Restart with npm start.`,
      );
    }
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = localClient(endpoint);
  const started = Date.now();
  while (true) {
    if (child.exitCode !== null) {
      // A port we picked can be taken by another process before the JVM binds it (the OS hands
      // out the same ports for outgoing connections): pick another. A port asked for stays an error.
      if (opts.port === undefined && PORT_TAKEN.test(stderr) && attempt < 3) return startDynamoLocal(opts, attempt + 1);
      throw new Error(whyDynamoFailed(child.exitCode, stderr, opts.dataDir));
    }
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      // A cold JVM on a busy 2-core machine has been seen to need well over 30 s.
      if (Date.now() - started > 90_000) {
        child.stdin?.end();
        killJava();
        throw new Error(
          `DynamoDB Local did not answer on port ${port} within 90 s: the machine may be overloaded; close other heavy processes and try again.`,
        );
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  client.destroy();
  ready = true;
  return {
    endpoint,
    port,
    pid: javaPid,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        child.stdin?.end(); // the watchdog sends the JVM SIGTERM and waits for it
        if (child.exitCode !== null || child.signalCode !== null) {
          setTimeout(killJava, 3000).unref();
          return resolve();
        }
        child.once("exit", () => resolve());
        setTimeout(killJava, 3000).unref();
      }),
  };
}

/** One actionable line for the usual reasons the JVM gives up at start. */
function whyDynamoFailed(code: number, stderr: string, dataDir?: string | null) {
  const last = stderr.trim().split("\n").filter(Boolean).pop() ?? "";
  if (/UnsupportedClassVersionError/.test(stderr))
    return "DynamoDB Local needs Java 17 or newer: install it (e.g. `apt-get install -y openjdk-17-jre-headless`) and try again.";
  if (PORT_TAKEN.test(stderr)) return "DynamoDB Local could not get its port (already in use): try again.";
  if (dataDir && /SQLite|database|lock|Permission denied|AccessDenied/i.test(stderr)) {
    return `DynamoDB Local could not open its data in ${dataDir} (${last}). Is another npm start running? If not, delete that folder to start fresh.`;
  }
  return `DynamoDB Local exited at start (code ${code}): ${last || "no output"}`;
}

export function localClient(endpoint: string) {
  return new DynamoDBClient({
    endpoint,
    region: "local",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });
}

/** The stream infra/storage.ts declares: the figures fold (core/src/tally) reads it. */
const STREAM = { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" as const };

/**
 * Creates the table from the same key schema infra/storage.ts declares, with its stream, if it
 * is missing; a table kept from before the stream existed gets it.
 */
export async function ensureTable(endpoint: string, name: string) {
  const client = localClient(endpoint);
  try {
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
      if (!Table?.StreamSpecification?.StreamEnabled)
        await client.send(new UpdateTableCommand({ TableName: name, StreamSpecification: STREAM }));
      return;
    } catch (err) {
      if ((err as Error).name !== "ResourceNotFoundException") throw err;
    }
    const key = (hash: string, range: string) => [
      { AttributeName: hash, KeyType: "HASH" as const },
      { AttributeName: range, KeyType: "RANGE" as const },
    ];
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: "PAY_PER_REQUEST",
        StreamSpecification: STREAM,
        AttributeDefinitions: tableKeys.fields.map((f) => ({ AttributeName: f, AttributeType: "S" as const })),
        KeySchema: key(tableKeys.primary.hashKey, tableKeys.primary.rangeKey),
        GlobalSecondaryIndexes: Object.entries(tableKeys.globalIndexes).map(([IndexName, k]) => ({
          IndexName,
          KeySchema: key(k.hashKey, k.rangeKey),
          Projection: { ProjectionType: "ALL" as const },
        })),
      }),
    );
  } finally {
    client.destroy();
  }
}
