import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createTcpServer, type Server, type Socket } from "node:net";
import {
  BatchGetItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
} from "@aws-sdk/client-dynamodb";
import { useStack } from "@payloft/local/testing/index";
import { dynamo, tableName } from "../src/db/client";
import { isKeyTooLong } from "../src/db/errors";
import { DYNAMO_TIMEOUTS, isDependencyFault } from "../src/faults";
import { runAsLambda } from "../src/lambda-scope";
import { httpCall } from "../src/db/lean/http";

/**
 * httpCall against DynamoDB Local gives what the SDK client gives, and fails the way the SDK
 * client fails, so db/errors.ts and faults.ts classify its errors unchanged.
 */
const stack = useStack();
let table: string;
const key = (id: string) => ({ pk: { S: `$lean#id_${id}` }, sk: { S: "$item_1" } });
const item = (id: string, n: number) => ({
  ...key(id),
  gsi1pk: { S: "$lean#group_g" },
  gsi1sk: { S: `$item_1#n_${String(n).padStart(3, "0")}` },
  name: { S: `Item ${n} — “quoted” ☕` },
  price: { N: String(n * 100) },
  tags: { SS: ["a", "b"] },
  blob: { B: new Uint8Array([n, 0, 255]) },
  live: { BOOL: n % 2 === 0 },
  files: { L: [{ M: { name: { S: "f.pdf" }, bytes: { N: "10" } } }] },
});
const withoutMetadata = <T extends { $metadata?: unknown }>(out: T) => ({ ...out, $metadata: undefined });

beforeAll(async () => {
  stack();
  table = tableName();
  for (let n = 1; n <= 5; n++) await dynamo().send(new PutItemCommand({ TableName: table, Item: item(`i${n}`, n) }));
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("httpCall round trips give what the SDK gives", () => {
  it("GetItem, BatchGetItem and Query", async () => {
    const get = { TableName: table, Key: key("i2"), ConsistentRead: true };
    const ours = await httpCall("GetItem", get);
    expect(withoutMetadata(ours)).toEqual(withoutMetadata(await dynamo().send(new GetItemCommand(get))));
    expect(ours.Item?.blob?.B).toEqual(new Uint8Array([2, 0, 255]));
    expect(ours.$metadata.httpStatusCode).toBe(200);

    const batch = { RequestItems: { [table]: { Keys: [key("i1"), key("i3"), key("missing")] } } };
    const byPk = (out: { Responses?: Record<string, Record<string, { S?: string }>[]> }) =>
      (out.Responses?.[table] ?? []).sort((a, b) => (a.pk?.S ?? "").localeCompare(b.pk?.S ?? ""));
    const ourBatch = await httpCall("BatchGetItem", batch);
    expect(byPk(ourBatch)).toEqual(byPk(await dynamo().send(new BatchGetItemCommand(batch))));
    expect(byPk(ourBatch)).toHaveLength(2);

    const query = {
      TableName: table,
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": { S: "$lean#group_g" } },
      ScanIndexForward: false,
      Limit: 3,
    };
    const ourPage = await httpCall("Query", query);
    expect(withoutMetadata(ourPage)).toEqual(withoutMetadata(await dynamo().send(new QueryCommand(query))));
    expect(ourPage.Count).toBe(3);
    const next = { ...query, ExclusiveStartKey: ourPage.LastEvaluatedKey };
    expect(withoutMetadata(await httpCall("Query", next))).toEqual(
      withoutMetadata(await dynamo().send(new QueryCommand(next))),
    );
  });

  it("UpdateItem and PutItem", async () => {
    const update = (id: string) => ({
      TableName: table,
      Key: key(id),
      UpdateExpression: "SET #v = if_not_exists(#v, :zero) + :one, #n = :name",
      ConditionExpression: "attribute_exists(pk)",
      ExpressionAttributeNames: { "#v": "views", "#n": "name" },
      ExpressionAttributeValues: { ":zero": { N: "0" }, ":one": { N: "1" }, ":name": { S: "Renamed" } },
      ReturnValues: "UPDATED_NEW" as const,
    });
    const ours = await httpCall("UpdateItem", update("i4"));
    expect(withoutMetadata(ours)).toEqual(withoutMetadata(await dynamo().send(new UpdateItemCommand(update("i5")))));
    expect(ours.Attributes).toEqual({ views: { N: "1" }, name: { S: "Renamed" } });

    const written = item("put", 7);
    const put = await httpCall("PutItem", { TableName: table, Item: written, ReturnValues: "ALL_OLD" });
    expect(withoutMetadata(put)).toEqual({ $metadata: undefined });
    const stored = await dynamo().send(new GetItemCommand({ TableName: table, Key: key("put"), ConsistentRead: true }));
    expect(stored.Item).toEqual(written);
  });

  it("a refused condition throws ConditionalCheckFailedException with the item, like the SDK", async () => {
    const input = {
      TableName: table,
      Item: item("i1", 99),
      ConditionExpression: "attribute_not_exists(pk)",
      ReturnValuesOnConditionCheckFailure: "ALL_OLD" as const,
    };
    const ours = await httpCall("PutItem", input).catch((e: unknown) => e);
    const sdk = await dynamo()
      .send(new PutItemCommand(input))
      .catch((e: unknown) => e);
    expect(ours).toMatchObject({
      name: "ConditionalCheckFailedException",
      message: (sdk as Error).message,
      $metadata: { httpStatusCode: 400 },
      Item: item("i1", 1),
    });
    expect((sdk as { name: string }).name).toBe("ConditionalCheckFailedException");
    expect(isDependencyFault(ours)).toBe(false);
  });

  it("an oversized key is what db/errors.ts recognises as a key too long", async () => {
    const input = { TableName: table, Key: { pk: { S: "x".repeat(3000) }, sk: { S: "$item_1" } } };
    const ours = await httpCall("GetItem", input).catch((e: unknown) => e);
    const sdk = await dynamo()
      .send(new GetItemCommand(input))
      .catch((e: unknown) => e);
    expect(isKeyTooLong(sdk)).toBe(true);
    expect(isKeyTooLong(ours)).toBe(true);
    expect(ours).toMatchObject({ name: "ValidationException", $metadata: { httpStatusCode: 400 } });
  });

  it("refuses, offline, what a Lambda's role is not granted", async () => {
    const scan = runAsLambda("public-product", () => httpCall("Scan" as "Query", { TableName: table }));
    await expect(scan).rejects.toMatchObject({ name: "AccessDeniedException" });
  });
});

/** A neighbour under our control: answers each request with the next of `answers`. */
async function scriptedDynamo(answers: { status: number; body: object }[]) {
  const seen: IncomingMessage[] = [];
  const server = createHttpServer((req, res) => {
    seen.push(req);
    const answer = answers[Math.min(seen.length, answers.length) - 1]!;
    res.writeHead(answer.status, { "content-type": "application/x-amz-json-1.0" }).end(JSON.stringify(answer.body));
  });
  await listen(server);
  vi.stubEnv("DYNAMODB_ENDPOINT", `http://127.0.0.1:${port(server)}`);
  return { seen, close: () => server.close() };
}
const listen = (server: Server | ReturnType<typeof createHttpServer>) =>
  new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const port = (server: Server | ReturnType<typeof createHttpServer>) => (server.address() as { port: number }).port;
const serviceError = (type: string, message: string) => ({
  __type: `com.amazonaws.dynamodb.v20120810#${type}`,
  message,
});
const get = () => ({ TableName: "t", Key: key("k") });

describe("httpCall keeps the SDK client's fault bounds", () => {
  it("an endpoint that accepts and never answers fails in bounded time as a dependency fault", async () => {
    const sockets: Socket[] = [];
    const blackHole = createTcpServer((socket) => void sockets.push(socket));
    await listen(blackHole);
    vi.stubEnv("DYNAMODB_ENDPOINT", `http://127.0.0.1:${port(blackHole)}`);
    const started = Date.now();
    const err = await httpCall("GetItem", get()).catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    sockets.forEach((s) => s.destroy());
    blackHole.close();

    expect(isDependencyFault(err)).toBe(true);
    expect(sockets).toHaveLength(DYNAMO_TIMEOUTS.maxAttempts);
    expect(elapsed).toBeGreaterThanOrEqual(DYNAMO_TIMEOUTS.requestTimeout * DYNAMO_TIMEOUTS.maxAttempts - 50);
    expect(elapsed).toBeLessThan(DYNAMO_TIMEOUTS.requestTimeout * DYNAMO_TIMEOUTS.maxAttempts + 1_500);
  });

  it("an answer that starts and never ends is bounded the same way", async () => {
    const responses: ServerResponse[] = [];
    const stalls = createHttpServer((req, res) => {
      responses.push(res);
      res.writeHead(200, { "content-type": "application/x-amz-json-1.0" }).write('{"Item":');
    });
    await listen(stalls);
    vi.stubEnv("DYNAMODB_ENDPOINT", `http://127.0.0.1:${port(stalls)}`);
    const started = Date.now();
    const err = await httpCall("GetItem", get()).catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    responses.forEach((r) => r.destroy());
    stalls.close();

    expect(isDependencyFault(err)).toBe(true);
    expect(responses).toHaveLength(DYNAMO_TIMEOUTS.maxAttempts);
    expect(elapsed).toBeLessThan(DYNAMO_TIMEOUTS.requestTimeout * DYNAMO_TIMEOUTS.maxAttempts + 1_500);
  });

  it("a refused connection is a dependency fault", async () => {
    const closed = createTcpServer();
    await listen(closed);
    const free = port(closed);
    await new Promise((resolve) => closed.close(resolve));
    vi.stubEnv("DYNAMODB_ENDPOINT", `http://127.0.0.1:${free}`);
    const err = await httpCall("GetItem", get()).catch((e: unknown) => e);
    expect(isDependencyFault(err)).toBe(true);
  });

  it.each([
    ["a 500", 500, "InternalServerError"],
    ["throttling", 400, "ThrottlingException"],
    ["exceeded throughput", 400, "ProvisionedThroughputExceededException"],
  ])("%s then a 200 is retried once and answers", async (_label, status, type) => {
    const found = { Item: { pk: { S: "k" } } };
    const dynamoDb = await scriptedDynamo([
      { status, body: serviceError(type, "try again") },
      { status: 200, body: found },
    ]);
    const out = await httpCall("GetItem", get());
    dynamoDb.close();
    expect(out.Item).toEqual(found.Item);
    expect(out.$metadata).toMatchObject({ httpStatusCode: 200, attempts: 2 });
    expect(dynamoDb.seen).toHaveLength(2);
    expect(dynamoDb.seen.map((r) => r.headers["x-amz-target"])).toEqual(Array(2).fill("DynamoDB_20120810.GetItem"));
  });

  it("gives up after the SDK client's attempts with the service's error", async () => {
    const dynamoDb = await scriptedDynamo([{ status: 503, body: serviceError("ServiceUnavailable", "down") }]);
    const err = await httpCall("GetItem", get()).catch((e: unknown) => e);
    dynamoDb.close();
    expect(err).toMatchObject({ name: "ServiceUnavailable", message: "down", $metadata: { httpStatusCode: 503 } });
    expect(isDependencyFault(err)).toBe(true);
    expect(dynamoDb.seen).toHaveLength(DYNAMO_TIMEOUTS.maxAttempts);
  });

  it("does not retry what the caller got wrong", async () => {
    const dynamoDb = await scriptedDynamo([
      {
        status: 400,
        body: { __type: "com.amazon.coral.validate#ValidationException:http://internal", message: "bad key" },
      },
    ]);
    const err = await httpCall("GetItem", get()).catch((e: unknown) => e);
    dynamoDb.close();
    expect(err).toMatchObject({ name: "ValidationException", message: "bad key" });
    expect(isDependencyFault(err)).toBe(false);
    expect(dynamoDb.seen).toHaveLength(1);
  });
});
