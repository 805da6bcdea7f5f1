import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createServer, request, type Server } from "node:http";
import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  ListTablesCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type TransactWriteItem,
} from "@aws-sdk/client-dynamodb";
import { startDynamoFront, type DynamoFront } from "../src/dynamo-front/index";
import { CONFLICT_MESSAGE, INDEX_THROTTLED, TABLE_THROTTLED } from "../src/dynamo-front/refusals";

/**
 * The contention-true DynamoDB (src/dynamo-front) against the behaviour AWS documents:
 * transaction conflicts (developer guide, "Transaction conflict handling"), throughput per
 * partition (1,000 WCU / 3,000 RCU a second, "Best practices for designing and using partition
 * keys effectively"), capacity units ("Item sizes and formats", "Capacity unit consumption"),
 * and the error shapes of the SDK's models. DynamoDB Local itself is the shared one of the api
 * project; a relay in front of it that holds transactions 300 ms (a slow DynamoDB) makes
 * "in flight" long enough to aim at.
 */
const S = (s: string) => ({ S: s });
const client = (endpoint: string) =>
  new DynamoDBClient({
    endpoint,
    region: "local",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
    maxAttempts: 1,
  });

/** Until the front holds a transaction's items (it is then in flight at DynamoDB Local). */
async function inFlight(front: DynamoFront) {
  for (let i = 0; i < 500 && front.state.txWrites.size === 0; i++) await new Promise((r) => setTimeout(r, 5));
  expect(front.state.txWrites.size).toBeGreaterThan(0);
}

let slow: Server;
let slowUrl: string;
beforeAll(async () => {
  const local = new URL(inject("dynamoEndpoint"));
  slow = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const delay = String(req.headers["x-amz-target"]).endsWith("TransactWriteItems") ? 300 : 0;
      setTimeout(() => {
        const up = request(
          { host: local.hostname, port: local.port, method: "POST", path: "/", headers: req.headers },
          (r) => {
            res.writeHead(r.statusCode!, r.headers);
            r.pipe(res);
          },
        );
        up.end(Buffer.concat(chunks));
      }, delay);
    });
  });
  await new Promise<void>((r) => slow.listen(0, "127.0.0.1", r));
  slowUrl = `http://127.0.0.1:${(slow.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => slow.close(() => r())));

async function table(db: DynamoDBClient, withIndex = false) {
  const name = `front-${Math.random().toString(36).slice(2, 10)}`;
  await db.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: ["pk", "sk", ...(withIndex ? ["g", "gs"] : [])].map((a) => ({
        AttributeName: a,
        AttributeType: "S" as const,
      })),
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      ...(withIndex
        ? {
            GlobalSecondaryIndexes: [
              {
                IndexName: "byG",
                KeySchema: [
                  { AttributeName: "g", KeyType: "HASH" },
                  { AttributeName: "gs", KeyType: "RANGE" },
                ],
                Projection: { ProjectionType: "ALL" },
              },
            ],
          }
        : {}),
    }),
  );
  return name;
}

const add = (TableName: string, pk: string): TransactWriteItem => ({
  Update: {
    TableName,
    Key: { pk: S(pk), sk: S("x") },
    UpdateExpression: "ADD n :one",
    ExpressionAttributeValues: { ":one": { N: "1" } },
  },
});

describe("transaction conflicts", () => {
  let front: DynamoFront;
  let db: DynamoDBClient;
  let name: string;
  beforeAll(async () => {
    front = await startDynamoFront({ target: slowUrl, scale: 1 });
    db = client(front.endpoint);
    name = await table(db);
  });
  afterAll(async () => {
    db.destroy();
    await front.stop();
  });

  it("cancels a TransactWriteItems whose item another transaction is writing: TransactionConflict there, None elsewhere", async () => {
    const first = db.send(new TransactWriteItemsCommand({ TransactItems: [add(name, "hot"), add(name, "a")] }));
    await inFlight(front); // held 300 ms by the slow relay
    const err = await db
      .send(new TransactWriteItemsCommand({ TransactItems: [add(name, "b"), add(name, "hot")] }))
      .catch((e) => e);
    expect(err.name).toBe("TransactionCanceledException");
    expect(err.CancellationReasons).toEqual([
      { Code: "None" },
      { Code: "TransactionConflict", Message: CONFLICT_MESSAGE },
    ]);
    expect(err.message).toBe(
      "Transaction cancelled, please refer cancellation reasons for specific reasons [None, TransactionConflict]",
    );
    await first;
    // Nothing of the cancelled transaction was written; the item is free again.
    const b = await db.send(new GetItemCommand({ TableName: name, Key: { pk: S("b"), sk: S("x") } }));
    expect(b.Item).toBeUndefined();
    await db.send(new TransactWriteItemsCommand({ TransactItems: [add(name, "hot")] }));
  });

  it("cancels concurrent transactions on one item, and the item counts exactly the ones that committed", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        db.send(new TransactWriteItemsCommand({ TransactItems: [add(name, "launch"), add(name, `own-${i}`)] })),
      ),
    );
    const committed = results.filter((r) => r.status === "fulfilled").length;
    const cancelled = results.filter(
      (r) => r.status === "rejected" && (r.reason as Error).name === "TransactionCanceledException",
    );
    expect(committed).toBeGreaterThanOrEqual(1);
    expect(cancelled.length).toBe(12 - committed);
    expect(cancelled.length).toBeGreaterThan(0);
    const item = await db.send(
      new GetItemCommand({ TableName: name, Key: { pk: S("launch"), sk: S("x") }, ConsistentRead: true }),
    );
    expect(Number(item.Item!.n!.N)).toBe(committed);
    expect(front.state.stats.transactionConflicts).toBeGreaterThanOrEqual(cancelled.length);
  });

  it("passes on DynamoDB's refusal of a transaction of more than 100 actions, and none of it is written", async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => add(name, `many-${n}-${i}`));
    const err = await db.send(new TransactWriteItemsCommand({ TransactItems: many(101) })).catch((e) => e);
    expect(err.name).toBe("ValidationException");
    expect(err.message).toMatch(/length less than or equal to 100/);
    const first = await db.send(new GetItemCommand({ TableName: name, Key: { pk: S("many-101-0"), sk: S("x") } }));
    expect(first.Item).toBeUndefined();
    await db.send(new TransactWriteItemsCommand({ TransactItems: many(100) }));
  });

  it("refuses a single write on an item a transaction is writing with TransactionConflictException", async () => {
    const tx = db.send(new TransactWriteItemsCommand({ TransactItems: [add(name, "busy")] }));
    await inFlight(front);
    const err = await db
      .send(
        new UpdateItemCommand({
          TableName: name,
          Key: { pk: S("busy"), sk: S("x") },
          UpdateExpression: "ADD n :one",
          ExpressionAttributeValues: { ":one": { N: "1" } },
        }),
      )
      .catch((e) => e);
    expect(err.name).toBe("TransactionConflictException");
    expect(err.message).toBe(CONFLICT_MESSAGE);
    expect(err.$metadata.httpStatusCode).toBe(400);
    // Another item is not held, and a read is never refused for a transaction in flight.
    await db.send(new PutItemCommand({ TableName: name, Item: { pk: S("free"), sk: S("x") } }));
    await db.send(new GetItemCommand({ TableName: name, Key: { pk: S("busy"), sk: S("x") } }));
    await tx;
  });
});

describe("throughput per partition and per item", () => {
  // scale 100: 10 write units and 30 read units a second per partition; time stepped by hand.
  let now = 0;
  let front: DynamoFront;
  let db: DynamoDBClient;
  let name: string;
  beforeAll(async () => {
    front = await startDynamoFront({ target: inject("dynamoEndpoint"), scale: 100, clock: () => now });
    db = client(front.endpoint);
    name = await table(db, true);
  });
  afterAll(async () => {
    db.destroy();
    await front.stop();
  });
  const tick = () => (now += 10_000); // a fresh second for every partition

  const put = (pk: string, sk: string, bytes = 10, extra: Record<string, { S: string }> = {}) =>
    db.send(
      new PutItemCommand({ TableName: name, Item: { pk: S(pk), sk: S(sk), pad: S("x".repeat(bytes)), ...extra } }),
    );

  it("takes 1,000 write units a second per partition (÷ scale), 1 KB per unit, then answers ProvisionedThroughputExceededException", async () => {
    tick();
    for (let i = 0; i < 10; i++) await put("p1", `s${i}`);
    const err = await put("p1", "s10").catch((e) => e);
    expect(err.name).toBe("ProvisionedThroughputExceededException");
    expect(err.message).toBe(TABLE_THROTTLED);
    expect(err.ThrottlingReasons).toEqual([
      { reason: "TableWriteKeyRangeThroughputExceeded", resource: `arn:aws:dynamodb:local:000000000000:table/${name}` },
    ]);
    // Another partition is not affected; the same one recovers as the second passes.
    await put("p2", "s0");
    now += 100; // 0.1 s: one unit back
    await put("p1", "s11");
    // A 2.5 KB item costs 3 units: 10 units take 3 such writes, not 4.
    tick();
    for (let i = 0; i < 3; i++) await put("p3", `big${i}`, 2500);
    expect((await put("p3", "big3", 2500).catch((e) => e)).name).toBe("ProvisionedThroughputExceededException");
  });

  it("charges transactional writes double and cancels with ThrottlingError past the limit", async () => {
    tick();
    for (let i = 0; i < 5; i++) await db.send(new TransactWriteItemsCommand({ TransactItems: [add(name, "t1")] }));
    const err = await db
      .send(new TransactWriteItemsCommand({ TransactItems: [add(name, "t2"), add(name, "t1")] }))
      .catch((e) => e);
    expect(err.name).toBe("TransactionCanceledException");
    expect(err.CancellationReasons).toEqual([{ Code: "None" }, { Code: "ThrottlingError", Message: TABLE_THROTTLED }]);
  });

  it("holds a global secondary index partition to the same limit, whatever base partitions the items are in", async () => {
    tick();
    for (let i = 0; i < 10; i++) await put(`own-${i}`, "x", 10, { g: S("everyone"), gs: S(String(i)) });
    const err = await put("own-10", "x", 10, { g: S("everyone"), gs: S("10") }).catch((e) => e);
    expect(err.name).toBe("ProvisionedThroughputExceededException");
    expect(err.message).toBe(INDEX_THROTTLED);
    expect(err.ThrottlingReasons[0]).toEqual({
      reason: "IndexWriteKeyRangeThroughputExceeded",
      resource: `arn:aws:dynamodb:local:000000000000:table/${name}/index/byG`,
    });
    // An update of an item in the index writes the index too (the front learnt where it is).
    tick();
    for (let i = 0; i < 10; i++)
      await db.send(
        new UpdateItemCommand({
          TableName: name,
          Key: { pk: S(`own-${i}`), sk: S("x") },
          UpdateExpression: "SET v = :v",
          ExpressionAttributeValues: { ":v": S("1") },
        }),
      );
    const upd = await db
      .send(
        new UpdateItemCommand({
          TableName: name,
          Key: { pk: S("own-0"), sk: S("x") },
          UpdateExpression: "SET v = :v",
          ExpressionAttributeValues: { ":v": S("2") },
        }),
      )
      .catch((e) => e);
    expect(upd.ThrottlingReasons?.[0]?.reason).toBe("IndexWriteKeyRangeThroughputExceeded");
  });

  it("takes 3,000 read units a second per partition (÷ scale), 4 KB per unit, eventually consistent reads at half", async () => {
    tick();
    await put("r1", "x", 100);
    tick();
    const get = (consistent: boolean) =>
      db.send(new GetItemCommand({ TableName: name, Key: { pk: S("r1"), sk: S("x") }, ConsistentRead: consistent }));
    for (let i = 0; i < 60; i++) await get(false);
    const err = await get(false).catch((e) => e);
    expect(err.name).toBe("ProvisionedThroughputExceededException");
    expect(err.ThrottlingReasons[0].reason).toBe("TableReadKeyRangeThroughputExceeded");
    tick();
    for (let i = 0; i < 30; i++) await get(true);
    expect((await get(true).catch((e) => e)).name).toBe("ProvisionedThroughputExceededException");
  });

  it("returns what a batch could not do as unprocessed, and refuses a batch of which nothing could be done", async () => {
    tick();
    for (let i = 0; i < 9; i++) await put("b1", `s${i}`);
    const res = await db.send(
      new BatchWriteItemCommand({
        RequestItems: {
          [name]: ["s9", "s10", "s11"].map((sk) => ({ PutRequest: { Item: { pk: S("b1"), sk: S(sk) } } })),
        },
      }),
    );
    expect(res.UnprocessedItems?.[name]?.map((e) => e.PutRequest?.Item?.sk?.S)).toEqual(["s10", "s11"]);
    const none = await db
      .send(
        new BatchWriteItemCommand({
          RequestItems: { [name]: [{ PutRequest: { Item: { pk: S("b1"), sk: S("s12") } } }] },
        }),
      )
      .catch((e) => e);
    expect(none.name).toBe("ProvisionedThroughputExceededException");
    tick();
    const reads = await db.send(
      new BatchGetItemCommand({
        RequestItems: {
          [name]: {
            Keys: [
              { pk: S("b1"), sk: S("s0") },
              { pk: S("b2"), sk: S("s0") },
            ],
          },
        },
      }),
    );
    expect(reads.Responses?.[name]?.length).toBe(1);
  });

  it("passes every other operation through, for the AWS CLI or a table browser", async () => {
    const tables = await db.send(new ListTablesCommand({}));
    expect(tables.TableNames).toContain(name);
  });
});
