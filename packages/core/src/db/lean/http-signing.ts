import { createHash, createHmac } from "node:crypto";
import { SignatureV4 } from "@smithy/signature-v4";

/**
 * Where a DynamoDB call goes and who signs it, read on every call: in AWS the Lambda's role
 * credentials rotate in its environment, and tests point the endpoint elsewhere. The same
 * choices as the SDK client in db/client.ts: offline DynamoDB Local with its local
 * credentials, in AWS the regional endpoint and the role from the environment.
 */
export interface Target {
  url: URL;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

export function currentTarget(): Target {
  const local = process.env.DYNAMODB_ENDPOINT;
  if (local) {
    return {
      url: new URL(local),
      region: process.env.AWS_REGION ?? "local",
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
    };
  }
  const region = process.env.AWS_REGION;
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  // A Lambda always has these; without them the call could only fail later, less clearly.
  if (!region || !accessKeyId || !secretAccessKey) {
    throw new Error("DynamoDB over HTTP needs AWS_REGION, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY");
  }
  const sessionToken = process.env.AWS_SESSION_TOKEN;
  return {
    url: new URL(`https://dynamodb.${region}.amazonaws.com`),
    region,
    credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) },
  };
}

type SourceData = string | ArrayBuffer | ArrayBufferView;
const binary = (data: SourceData) =>
  typeof data === "string"
    ? data
    : data instanceof ArrayBuffer
      ? new Uint8Array(data)
      : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

/** The signer's hash: SHA-256, or HMAC-SHA-256 when given a key, from node:crypto. */
class Sha256 {
  private hash: ReturnType<typeof createHash> | ReturnType<typeof createHmac>;
  constructor(private readonly secret?: SourceData) {
    this.hash = this.fresh();
  }
  private fresh() {
    return this.secret === undefined ? createHash("sha256") : createHmac("sha256", binary(this.secret));
  }
  update(data: SourceData): void {
    this.hash.update(binary(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    this.hash = this.fresh();
  }
}

/**
 * In a Lambda, the invocation's X-Ray trace id, sent in the header the SDK's clients add (their
 * recursion-detection middleware, from the same two variables): DynamoDB calls then carry the
 * request's trace like every SDK call of the function. The signer leaves this header unsigned.
 */
function traceHeader(): Record<string, string> {
  const functionName = process.env.AWS_LAMBDA_FUNCTION_NAME;
  const traceId = process.env._X_AMZN_TRACE_ID;
  return functionName && traceId ? { "X-Amzn-Trace-Id": traceId } : {};
}

export interface SignedRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * The request the SDK would send for `operation`: DynamoDB's JSON protocol, signed with the
 * SDK's own SigV4 signer, so the signature is computed by the same code over the same headers.
 */
export async function signedRequest(target: Target, operation: string, body: string): Promise<SignedRequest> {
  const { url } = target;
  const signer = new SignatureV4({
    service: "dynamodb",
    region: target.region,
    credentials: target.credentials,
    sha256: Sha256,
  });
  const signed = await signer.sign({
    method: "POST",
    protocol: url.protocol,
    hostname: url.hostname,
    ...(url.port ? { port: Number(url.port) } : {}),
    path: "/",
    query: {},
    headers: {
      "content-type": "application/x-amz-json-1.0",
      "x-amz-target": `DynamoDB_20120810.${operation}`,
      "content-length": String(Buffer.byteLength(body)),
      host: url.host,
      ...traceHeader(),
    },
    body,
  });
  return { url: `${url.protocol}//${url.host}/`, headers: signed.headers, body };
}
