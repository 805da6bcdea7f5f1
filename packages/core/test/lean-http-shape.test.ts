import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BatchGetItemCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
} from "@aws-sdk/client-dynamodb";
import http, { createServer } from "node:http";
import https from "node:https";
import { httpCall, type Operation, type OperationInput } from "../src/db/lean/http";

/**
 * httpCall must send, byte for byte, the request the SDK's DynamoDB client sends: same URL,
 * body and signed headers, authorization included, for a fixed clock and fixed credentials.
 * The SDK's request is captured by a request handler of its own (no network). Only the SDK's
 * telemetry is taken out of its request before signing (user agents, the invocation id and
 * attempt counter of its retry middleware): those describe the SDK itself, not the call.
 */
const NOW = new Date("2026-03-14T15:09:26Z");
const REGION = "eu-west-1";
const LAMBDA_ROLE = {
  accessKeyId: "ASIAEXAMPLEKEY",
  secretAccessKey: "example/secret+key",
  sessionToken: "IQoJb3Jp/token==",
};
const LONG_TERM = { accessKeyId: "AKIAEXAMPLEKEY", secretAccessKey: "another/secret" };

/** What the SDK hands its request handler (its HttpRequest). */
interface SdkRequest {
  method: string;
  protocol: string;
  hostname: string;
  port?: number;
  path: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The retry middleware's headers (a random invocation id, the attempt counter), taken out before signing. */
const dropRetryTelemetry =
  (next: (args: { request: SdkRequest }) => Promise<unknown>) => async (args: { request: SdkRequest }) => {
    delete args.request.headers["amz-sdk-invocation-id"];
    delete args.request.headers["amz-sdk-request"];
    return next(args);
  };

async function sentBySdk(operation: keyof typeof cases, credentials: typeof LONG_TERM): Promise<Sent> {
  let sent: Sent | undefined;
  const client = new DynamoDBClient({
    region: REGION,
    credentials,
    maxAttempts: 1,
    requestHandler: {
      handle: async (request: SdkRequest) => {
        const port = request.port ? `:${request.port}` : "";
        sent = {
          method: request.method,
          url: `${request.protocol}//${request.hostname}${port}${request.path}`,
          headers: { ...request.headers },
          body: new TextDecoder().decode(request.body),
        };
        return { response: { statusCode: 200, headers: {}, body: new TextEncoder().encode("{}") } };
      },
    },
  });
  client.middlewareStack.remove("getUserAgentMiddleware");
  client.middlewareStack.addRelativeTo(dropRetryTelemetry as never, {
    relation: "before",
    toMiddleware: "httpSigningMiddleware",
    name: "dropRetryTelemetry",
  });
  // One client call per command class; the union of their types is too wide for send()'s overloads.
  const Command = commands[operation] as unknown as new (input: unknown) => never;
  await client.send(new Command(cases[operation]));
  if (!sent) throw new Error("the SDK sent nothing");
  return sent;
}

/**
 * What httpCall puts on the wire. The AWS endpoint is out of reach here, so Node's HTTPS
 * request is pointed at a local server that answers `{}`: the URL and headers are those
 * httpCall gave Node, the body is what arrived on the socket.
 */
async function sentByHttpCall<O extends Operation>(operation: O, input: OperationInput<O>): Promise<Sent> {
  const bodies: string[] = [];
  const wireHeaders: Record<string, unknown>[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      bodies.push(Buffer.concat(chunks).toString("utf8"));
      wireHeaders.push(req.headers);
      res.writeHead(200, { "content-type": "application/x-amz-json-1.0" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const local = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  const asked: { url: string; options: { method?: string; headers?: Record<string, string> } }[] = [];
  const toLocal = (url: string, options: http.RequestOptions, callback: (res: http.IncomingMessage) => void) => {
    asked.push({
      url,
      options: { method: options.method ?? "GET", headers: options.headers as Record<string, string> },
    });
    return http.request(local, options, callback);
  };
  vi.spyOn(https, "request").mockImplementation(toLocal as unknown as typeof https.request);
  try {
    await httpCall(operation, input);
  } finally {
    server.close();
  }
  expect(asked).toHaveLength(1);
  const headers = asked[0]!.options.headers ?? {};
  // Every header httpCall asked for went out as it was (Node adds only `connection`; a server
  // sees header names in lower case).
  expect(wireHeaders[0]).toMatchObject(
    Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])),
  );
  return { method: asked[0]!.options.method ?? "", url: asked[0]!.url, headers, body: bodies[0]! };
}

const table = "payloft-production-TableTable-abc123";
const key = { pk: { S: "$payloft#product_id_p-123" }, sk: { S: "$product_1" } };
const cases = {
  GetItem: { TableName: table, Key: key, ConsistentRead: true },
  BatchGetItem: {
    RequestItems: {
      [table]: {
        Keys: [key, { pk: { S: "$payloft#user_id_u-1" }, sk: { S: "$user_1" } }],
        ProjectionExpression: "#n, #s",
        ExpressionAttributeNames: { "#n": "name", "#s": "status" },
      },
    },
  },
  Query: {
    TableName: table,
    IndexName: "gsi1",
    KeyConditionExpression: "#pk = :pk and begins_with(#sk, :sk)",
    ExpressionAttributeNames: { "#pk": "gsi1pk", "#sk": "gsi1sk" },
    ExpressionAttributeValues: { ":pk": { S: "$payloft#creator_id_c-1" }, ":sk": { S: "$product_1#day_2026-03" } },
    ScanIndexForward: false,
    Limit: 25,
    ExclusiveStartKey: key,
  },
  UpdateItem: {
    TableName: table,
    Key: key,
    UpdateExpression: "SET #views = if_not_exists(#views, :zero) + :one, #title = :title",
    ConditionExpression: "attribute_exists(pk)",
    ExpressionAttributeNames: { "#views": "views", "#title": "title" },
    ExpressionAttributeValues: { ":zero": { N: "0" }, ":one": { N: "1" }, ":title": { S: "Café ☕ «Guide»" } },
    ReturnValues: "ALL_NEW",
  },
  PutItem: {
    TableName: table,
    Item: {
      ...key,
      price: { N: "1999" },
      tags: { SS: ["pdf", "guide"] },
      cover: { B: new Uint8Array([0, 1, 2, 250, 255]) },
      public: { BOOL: true },
      removed_at: { NULL: true },
      files: { L: [{ M: { name: { S: "guide.pdf" }, bytes: { N: "1024" } } }] },
    },
    ConditionExpression: "attribute_not_exists(pk)",
    ReturnValuesOnConditionCheckFailure: "ALL_OLD",
  },
} as const;
const commands = {
  GetItem: GetItemCommand,
  BatchGetItem: BatchGetItemCommand,
  Query: QueryCommand,
  UpdateItem: UpdateItemCommand,
  PutItem: PutItemCommand,
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  vi.stubEnv("DYNAMODB_ENDPOINT", undefined);
  vi.stubEnv("AWS_REGION", REGION);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("httpCall sends exactly what the SDK's DynamoDB client sends", () => {
  for (const [label, credentials] of [
    ["with a session token, as in a Lambda", LAMBDA_ROLE],
    ["with long-term credentials (no session token)", LONG_TERM],
  ] as const) {
    for (const operation of Object.keys(cases) as (keyof typeof cases)[]) {
      it(`${operation} ${label}`, async () => {
        vi.stubEnv("AWS_ACCESS_KEY_ID", credentials.accessKeyId);
        vi.stubEnv("AWS_SECRET_ACCESS_KEY", credentials.secretAccessKey);
        vi.stubEnv("AWS_SESSION_TOKEN", "sessionToken" in credentials ? credentials.sessionToken : undefined);
        const input = cases[operation];
        const sdk = await sentBySdk(operation, credentials);
        const ours = await sentByHttpCall(operation, input as OperationInput<typeof operation>);

        expect(ours).toEqual(sdk);
        // The comparison is only worth something if the SDK's request is the real thing.
        expect(sdk.url).toBe(`https://dynamodb.${REGION}.amazonaws.com/`);
        expect(sdk.headers["x-amz-date"]).toBe("20260314T150926Z");
        expect(sdk.headers["x-amz-target"]).toBe(`DynamoDB_20120810.${operation}`);
        expect(sdk.headers.authorization).toMatch(
          new RegExp(
            `^AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/20260314/${REGION}/dynamodb/aws4_request, `,
          ),
        );
        expect(sdk.headers["x-amz-security-token"]).toBe(
          "sessionToken" in credentials ? credentials.sessionToken : undefined,
        );
      });
    }
  }

  it("sends the invocation's X-Ray trace id in a Lambda, as the SDK does, and none outside one", async () => {
    vi.stubEnv("AWS_ACCESS_KEY_ID", LAMBDA_ROLE.accessKeyId);
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", LAMBDA_ROLE.secretAccessKey);
    vi.stubEnv("AWS_SESSION_TOKEN", LAMBDA_ROLE.sessionToken);
    vi.stubEnv("_X_AMZN_TRACE_ID", "Root=1-67891233-abcdef012345678912345678;Parent=53995c3f42cd8ad8;Sampled=1");
    vi.stubEnv("AWS_LAMBDA_FUNCTION_NAME", "payloft-production-PublicProductFunction");
    const sdk = await sentBySdk("GetItem", LAMBDA_ROLE);
    const ours = await sentByHttpCall("GetItem", cases.GetItem);
    expect(ours).toEqual(sdk);
    expect(sdk.headers["X-Amzn-Trace-Id"]).toBe(process.env._X_AMZN_TRACE_ID);
    // Not signed: the same signature as without it.
    vi.stubEnv("_X_AMZN_TRACE_ID", undefined);
    const untraced = await sentByHttpCall("GetItem", cases.GetItem);
    expect(untraced.headers["X-Amzn-Trace-Id"]).toBeUndefined();
    expect(untraced.headers.authorization).toBe(ours.headers.authorization);

    vi.stubEnv("_X_AMZN_TRACE_ID", "Root=1-67891233-abcdef012345678912345678");
    vi.stubEnv("AWS_LAMBDA_FUNCTION_NAME", undefined);
    expect((await sentBySdk("GetItem", LAMBDA_ROLE)).headers["X-Amzn-Trace-Id"]).toBeUndefined();
    expect((await sentByHttpCall("GetItem", cases.GetItem)).headers["X-Amzn-Trace-Id"]).toBeUndefined();
  });

  it("reads rotated role credentials on every call", async () => {
    vi.stubEnv("AWS_ACCESS_KEY_ID", "ASIAFIRST");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "first");
    vi.stubEnv("AWS_SESSION_TOKEN", "first-token");
    const first = await sentByHttpCall("GetItem", cases.GetItem);
    vi.stubEnv("AWS_ACCESS_KEY_ID", "ASIASECOND");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "second");
    vi.stubEnv("AWS_SESSION_TOKEN", "second-token");
    const second = await sentByHttpCall("GetItem", cases.GetItem);
    expect(first.headers.authorization).toContain("Credential=ASIAFIRST/");
    expect(second.headers.authorization).toContain("Credential=ASIASECOND/");
    expect(second.headers["x-amz-security-token"]).toBe("second-token");
  });
});
