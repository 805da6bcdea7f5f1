import { request as httpRequest, Agent, type IncomingMessage, type ServerResponse } from "node:http";
import { bindServer, closeServer } from "../ports";
import { randomUUID } from "node:crypto";
import * as zlib from "node:zlib";
import { scaled } from "./capacity";
import type { TableSchema } from "./model";
import { PASS, type Plan, type Req } from "./plan";
import { batchGet, getItem, query, transactGet } from "./reads";
import { FrontState } from "./state";
import { batchWrite, singleWrite, transactWrite } from "./writes";

/**
 * The contention-true DynamoDB: a front in front of DynamoDB Local that answers as DynamoDB
 * does under contention, which DynamoDB Local (transactions one at a time, no throughput
 * limits) never does. Every caller goes through it: the product, tests, the operator commands,
 * the AWS CLI. It refuses:
 *  - a TransactWriteItems touching an item another transaction is writing
 *    (TransactionCanceledException, `TransactionConflict` for that item, `None` for the others);
 *  - a PutItem/UpdateItem/DeleteItem on such an item (TransactionConflictException);
 *  - a TransactGetItems on an item any write is changing;
 *  - reads and writes past a partition's or the table's throughput
 *    (ProvisionedThroughputExceededException / ThrottlingException, or `ThrottlingError`
 *    in a transaction; batches return what they could not do as unprocessed).
 * Everything else (and every other operation) goes to DynamoDB Local unchanged. What the layer
 * follows and where AWS says so: docs/scale.md ("The local DynamoDB").
 */
export const DEFAULT_SCALE = 20;

export function scaleFromEnv(env = process.env): number {
  const raw = env.PAYLOFT_DYNAMODB_SCALE?.trim();
  if (!raw) return DEFAULT_SCALE;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 1)
    throw new Error(`PAYLOFT_DYNAMODB_SCALE must be a number of at least 1 (1 = AWS's own limits), got "${raw}".`);
  return n;
}

export interface DynamoFront {
  endpoint: string;
  port: number;
  scale: number;
  state: FrontState;
  stop(): Promise<void>;
}

const JSON_TYPE = "application/x-amz-json-1.0";
const RULES: Record<string, (s: FrontState, req: Req, schemas: (t: string) => TableSchema) => Plan> = {
  TransactWriteItems: transactWrite,
  PutItem: (s, r, t) => singleWrite(s, "PutItem", r, t),
  UpdateItem: (s, r, t) => singleWrite(s, "UpdateItem", r, t),
  DeleteItem: (s, r, t) => singleWrite(s, "DeleteItem", r, t),
  BatchWriteItem: batchWrite,
  GetItem: getItem,
  BatchGetItem: batchGet,
  Query: query,
  TransactGetItems: transactGet,
};

/** The parts of DescribeTable's answer the front reads. */
interface DescribedTable {
  KeySchema: { AttributeName: string; KeyType: string }[];
  GlobalSecondaryIndexes?: {
    IndexName: string;
    KeySchema: { AttributeName: string; KeyType: string }[];
    Projection?: { ProjectionType?: TableSchema["indexes"][number]["projection"] };
  }[];
}

function tablesOf(req: Req): string[] {
  const out = new Set<string>();
  if (typeof req.TableName === "string") out.add(req.TableName);
  for (const t of Object.keys(req.RequestItems ?? {})) out.add(t);
  for (const a of req.TransactItems ?? [])
    for (const spec of Object.values(a ?? {})) if (spec?.TableName) out.add(spec.TableName);
  return [...out];
}

export async function startDynamoFront(opts: {
  target: string;
  port?: number;
  scale?: number;
  /** milliseconds, for tests that step time by hand (default: the monotonic clock) */
  clock?: () => number;
}): Promise<DynamoFront> {
  const target = new URL(opts.target);
  const scale = opts.scale ?? scaleFromEnv();
  const state = new FrontState(scaled(scale), opts.clock);
  const agent = new Agent({ keepAlive: true, maxSockets: 128 });
  const schemas = new Map<string, TableSchema>();
  // One DescribeTable per table, shared by every request waiting on it, so requests keep their order.
  const describing = new Map<string, Promise<TableSchema | null>>();

  const send = (headers: Record<string, string>, body: Buffer | string, caller?: ServerResponse) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest(
        { host: target.hostname, port: target.port, path: "/", method: "POST", headers, agent },
        resolve,
      );
      req.on("error", reject);
      // A caller that gave up (its SDK timed out) takes its request to DynamoDB Local with it.
      caller?.on("close", () => {
        if (!caller.writableFinished) req.destroy(new Error("the caller went away"));
      });
      req.end(body);
    });

  function describe(table: string): Promise<TableSchema | null> {
    let p = describing.get(table);
    if (!p) {
      p = describeNow(table);
      describing.set(table, p);
      p.then(
        (s) => !s && describing.delete(table),
        () => describing.delete(table),
      );
    }
    return p;
  }

  async function describeNow(table: string): Promise<TableSchema | null> {
    const res = await send(
      {
        "content-type": JSON_TYPE,
        "x-amz-target": "DynamoDB_20120810.DescribeTable",
        authorization:
          "AWS4-HMAC-SHA256 Credential=local/20260101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=0",
      },
      JSON.stringify({ TableName: table }),
    );
    const text = await readAll(res);
    const t = res.statusCode === 200 ? (JSON.parse(text.toString()) as { Table: DescribedTable }).Table : null;
    const key = (ks: { AttributeName: string; KeyType: string }[], type: string) =>
      ks.find((k) => k.KeyType === type)?.AttributeName;
    const schema: TableSchema | null = t && {
      name: table,
      hashKey: key(t.KeySchema, "HASH")!,
      rangeKey: key(t.KeySchema, "RANGE"),
      indexes: (t.GlobalSecondaryIndexes ?? []).map((i) => ({
        name: i.IndexName,
        hashKey: key(i.KeySchema, "HASH")!,
        rangeKey: key(i.KeySchema, "RANGE"),
        projection: i.Projection?.ProjectionType ?? "ALL",
      })),
    };
    if (schema) schemas.set(table, schema);
    return schema;
  }

  async function planFor(op: string, body: Buffer): Promise<{ plan: Plan; req?: Req }> {
    const rule = RULES[op];
    if (!rule) {
      // A table changed shape (or is gone): read its schema again next time.
      if (/Table$/.test(op) && op !== "DescribeTable") {
        schemas.clear();
        describing.clear();
      }
      return { plan: PASS };
    }
    try {
      const req = JSON.parse(body.toString()) as Req;
      const known = await Promise.all(tablesOf(req).map(describe));
      if (known.some((s) => !s)) return { plan: PASS }; // DynamoDB Local says what is wrong
      return { plan: rule(state, req, (t) => schemas.get(t)!), req };
    } catch {
      return { plan: PASS }; // malformed: DynamoDB Local's validation answers
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method === "GET" && req.url === "/__front/stats") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ scale, ...state.stats.snapshot() }));
    }
    const body = await readAll(req);
    const targetHeader = String(req.headers["x-amz-target"] ?? "");
    const op = targetHeader.startsWith("DynamoDB_20120810.") ? targetHeader.slice(18) : "";
    state.stats.requests++;
    const { plan } = await planFor(op, body);
    if (plan.refusal) return answer(res, plan.refusal.status, plan.refusal.body);
    if (plan.answer) return answer(res, 200, plan.answer);
    const outBody = plan.forward ? JSON.stringify(plan.forward) : body;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string" && k !== "host") headers[k] = v;
    headers["content-length"] = String(Buffer.byteLength(outBody));
    let upstream: IncomingMessage;
    try {
      upstream = await send(headers, outBody, res);
    } catch {
      plan.release?.();
      // DynamoDB Local is down: the caller sees what a database it cannot reach looks like.
      res.socket?.destroy();
      return;
    }
    if (!plan.after) {
      plan.release?.();
      res.writeHead(upstream.statusCode ?? 502, upstream.headers);
      upstream.pipe(res);
      return;
    }
    let text: Buffer;
    try {
      text = await readAll(upstream);
    } catch {
      res.socket?.destroy();
      return;
    } finally {
      plan.release?.();
    }
    let parsed: Record<string, unknown> | undefined;
    try {
      parsed = JSON.parse(text.toString());
    } catch {
      parsed = undefined;
    }
    const replaced = plan.after(upstream.statusCode ?? 502, parsed);
    if (!replaced) {
      res.writeHead(upstream.statusCode ?? 502, upstream.headers);
      return res.end(text);
    }
    return answer(
      res,
      upstream.statusCode ?? 200,
      replaced,
      upstream.headers["x-amzn-requestid"] as string | undefined,
    );
  }

  const { server, port } = await bindServer(opts.port ?? 0, "the local DynamoDB");
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": JSON_TYPE });
      res.end(JSON.stringify({ __type: "com.amazonaws.dynamodb.v20120810#InternalServerError", message: String(err) }));
    });
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    scale,
    state,
    async stop() {
      state.capacity.stop();
      agent.destroy();
      await closeServer(server);
    },
  };
}

function answer(res: ServerResponse, status: number, body: unknown, requestId: string = randomUUID()) {
  const text = JSON.stringify(body);
  const headers: Record<string, string> = {
    "content-type": JSON_TYPE,
    "content-length": String(Buffer.byteLength(text)),
    "x-amzn-requestid": requestId,
  };
  // DynamoDB signs its answers' integrity with a CRC32 of the body; so does the front.
  const crc32 = (zlib as { crc32?: (d: string) => number }).crc32;
  if (crc32) headers["x-amz-crc32"] = String(crc32(text));
  res.writeHead(status, headers);
  res.end(text);
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
    stream.on("aborted", () => reject(new Error("aborted")));
  });
}
