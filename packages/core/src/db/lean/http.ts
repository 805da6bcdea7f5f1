import type {
  BatchGetItemCommandInput,
  BatchGetItemCommandOutput,
  GetItemCommandInput,
  GetItemCommandOutput,
  PutItemCommandInput,
  PutItemCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
  UpdateItemCommandInput,
  UpdateItemCommandOutput,
} from "@aws-sdk/client-dynamodb";
import { DYNAMO_TIMEOUTS, isDependencyFault } from "../../faults";
import { jitter, retry } from "../../retry";
import { TABLE_ACTIONS, dynamoActionsFor } from "../../permissions";
import { currentLambda } from "../../lambda-scope";
import { currentTarget, signedRequest } from "./http-signing";
import { parseAnswer, requestBody } from "./http-body";
import { post } from "./http-transport";

/**
 * DynamoDB without the SDK's client: loading `@aws-sdk/client-dynamodb` costs a new Lambda
 * instance more time than our whole budget for a cold start, so the lean layer's calls go
 * over plain HTTP (http-transport.ts) with DynamoDB's JSON protocol, signed by the SDK's own
 * signer. The input and
 * output shapes are the SDK's (types only: nothing of the SDK is loaded), errors look like
 * the SDK's (`name`, `message`, `$metadata.httpStatusCode`) so db/errors.ts and faults.ts
 * recognise them, and the limits are the SDK client's (faults.ts).
 */
interface Operations {
  GetItem: [GetItemCommandInput, GetItemCommandOutput];
  BatchGetItem: [BatchGetItemCommandInput, BatchGetItemCommandOutput];
  Query: [QueryCommandInput, QueryCommandOutput];
  UpdateItem: [UpdateItemCommandInput, UpdateItemCommandOutput];
  PutItem: [PutItemCommandInput, PutItemCommandOutput];
}
export type Operation = keyof Operations;
export type OperationInput<O extends Operation> = Operations[O][0];
export type OperationOutput<O extends Operation> = Operations[O][1];

/** DynamoDB's answer to a request it refused, shaped like the SDK's service exceptions. */
export class DynamoHttpError extends Error {
  $fault: "client" | "server";
  $metadata: { httpStatusCode: number; requestId?: string; attempts: number };
  constructor(name: string, message: string, status: number, requestId: string | undefined, attempt: number) {
    super(message);
    this.name = name;
    this.$fault = status >= 500 ? "server" : "client";
    this.$metadata = { httpStatusCode: status, ...(requestId ? { requestId } : {}), attempts: attempt };
  }
}

export async function httpCall<O extends Operation>(
  operation: O,
  input: OperationInput<O>,
): Promise<OperationOutput<O>> {
  refuseWhatIamWould(operation, input);
  const body = requestBody(operation, input);
  return retry((attempt) => once(operation, body, attempt) as Promise<OperationOutput<O>>, {
    attempts: DYNAMO_TIMEOUTS.maxAttempts,
    // Throttling, 5xx, timeouts and refused connections, the faults the SDK retries too.
    retryOn: isDependencyFault,
    delayMs: jitter(25, 75),
    exhausted: () => new Error(`DynamoDB ${operation}: no attempt left`),
  });
}

async function once(operation: string, body: string, attempt: number): Promise<unknown> {
  const request = await signedRequest(currentTarget(), operation, body);
  const res = await post(request, DYNAMO_TIMEOUTS.requestTimeout);
  const { requestId } = res;
  const parsed = parseAnswer(res.text);
  if (res.status < 200 || res.status > 299) throw refusal(parsed, res.status, requestId, attempt);
  if (!parsed || typeof parsed !== "object") {
    throw new DynamoHttpError(
      "SerializationException",
      "DynamoDB answered with something that is not JSON",
      res.status,
      requestId,
      attempt,
    );
  }
  return {
    ...parsed,
    $metadata: { httpStatusCode: res.status, ...(requestId ? { requestId } : {}), attempts: attempt },
  };
}

/** `{"__type": "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException", "message": …}` as an error. */
function refusal(parsed: unknown, status: number, requestId: string | undefined, attempt: number): DynamoHttpError {
  const answer = (parsed ?? {}) as { __type?: string; message?: string; Message?: string } & Record<string, unknown>;
  // As the SDK reads it: the part after the namespace ("…#"), before any ":" suffix.
  const type = answer.__type?.split("#").pop()?.split(":")[0];
  const name = type || (status >= 500 ? "InternalServerError" : "UnknownError");
  const err = new DynamoHttpError(
    name,
    answer.message ?? answer.Message ?? `DynamoDB answered ${status}`,
    status,
    requestId,
    attempt,
  );
  // Extra fields (a refused condition's Item, a transaction's CancellationReasons) ride along as on the SDK's errors.
  for (const [key, value] of Object.entries(answer)) {
    if (!["__type", "message", "Message"].includes(key)) (err as unknown as Record<string, unknown>)[key] = value;
  }
  return err;
}

/**
 * Offline, DynamoDB Local allows everything; a Lambda's role allows only TABLE_ACTIONS. As in
 * db/client.ts, code running as a Lambda is refused what IAM would refuse it.
 */
function refuseWhatIamWould(operation: string, input: unknown) {
  if (!process.env.DYNAMODB_ENDPOINT) return;
  const lambda = currentLambda();
  if (!lambda) return;
  const granted = new Set<string>(TABLE_ACTIONS);
  const missing = dynamoActionsFor(operation, input).filter((a) => !granted.has(a));
  if (!missing.length) return;
  const err = new Error(
    `AccessDeniedException: the role of ${lambda} is not granted ${missing.join(", ")} on the table (packages/core/src/permissions.ts)`,
  );
  err.name = "AccessDeniedException";
  throw err;
}
