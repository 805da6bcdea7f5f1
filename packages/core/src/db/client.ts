import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { TABLE_ACTIONS, dynamoActionsFor } from "../permissions";
import { DYNAMO_TIMEOUTS } from "../faults";
import { currentLambda } from "../lambda-scope";
import { backoff } from "../retry";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * One DynamoDB client per process. Locally `DYNAMODB_ENDPOINT` points it at DynamoDB Local;
 * in AWS it is unset and the SDK uses the Lambda's region and role.
 */
let client: DynamoDBClient | undefined;

export function dynamo(): DynamoDBClient {
  if (client) return client;
  client = new DynamoDBClient({
    ...(process.env.DYNAMODB_ENDPOINT
      ? {
          endpoint: process.env.DYNAMODB_ENDPOINT,
          region: process.env.AWS_REGION ?? "local",
          credentials: { accessKeyId: "local", secretAccessKey: "local" },
        }
      : {}),
    // A hanging table costs a request ~6 s and then a 503 (faults.ts), never a Lambda timeout.
    maxAttempts: DYNAMO_TIMEOUTS.maxAttempts,
    requestHandler: {
      connectionTimeout: DYNAMO_TIMEOUTS.connectionTimeout,
      requestTimeout: DYNAMO_TIMEOUTS.requestTimeout,
      // Without this the SDK only logs a warning when the timeout passes and keeps waiting.
      throwOnRequestTimeout: true,
    },
  });
  retryTransactionConflicts(client);
  if (process.env.DYNAMODB_ENDPOINT) refuseWhatIamWould(client);
  return client;
}

/**
 * DynamoDB refuses a PutItem/UpdateItem/DeleteItem on an item a transaction is writing right
 * now (TransactionConflictException, developer guide "Transaction conflict handling"): nothing
 * was written, and the same request passes once that transaction is over, tens of
 * milliseconds later. The SDK does not retry it (its models give it no retryable trait), so
 * the client sends the same signed request again a few times with growing, jittered waits
 * (about 1.5 s in all), apart from the SDK's own retries that are kept for a database that does
 * not answer (faults.ts).
 */
const CONFLICT_RETRIES = 6;
const conflictWait = backoff(20, 500);
/**
 * A partition past its throughput answers at once (ProvisionedThroughputExceededException,
 * ThrottlingException); AWS's advice is to send again with exponential backoff. The SDK's own
 * retries are kept at 2 for a database that hangs (faults.ts), too few for a hot partition in a
 * launch, so a throttled request is sent again here too, up to about 4 s in all.
 */
const THROTTLED = new Set(["ProvisionedThroughputExceededException", "ThrottlingException", "RequestLimitExceeded"]);
const THROTTLE_RETRIES = 8;
const throttleWait = backoff(50, 1000);

function retryTransactionConflicts(c: DynamoDBClient) {
  c.middlewareStack.add(
    (next) => async (args) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await next(args);
        } catch (err) {
          const name = (err as { name?: string })?.name ?? "";
          if (name === "TransactionConflictException" && attempt <= CONFLICT_RETRIES)
            await sleep(conflictWait(attempt));
          else if (THROTTLED.has(name) && attempt <= THROTTLE_RETRIES) await sleep(throttleWait(attempt));
          else throw err;
        }
      }
    },
    // Inside the SDK's retry middleware (finalizeRequest, high priority), around the deserializer.
    { step: "finalizeRequest", priority: "low", name: "payloftRetryTransactionConflicts" },
  );
}

/**
 * Offline, DynamoDB Local allows everything; a Lambda's role allows only TABLE_ACTIONS. This
 * refuses the rest the way IAM would for code running as a Lambda (lambda-scope.ts), so a
 * call the role does not grant fails in tests. Seed and test fixtures are not Lambdas.
 */
function refuseWhatIamWould(c: DynamoDBClient) {
  const granted = new Set<string>(TABLE_ACTIONS);
  c.middlewareStack.add(
    (next, context) => async (args) => {
      const lambda = currentLambda();
      if (!lambda) return next(args);
      const missing = dynamoActionsFor(context.commandName ?? "", args.input).filter((a) => !granted.has(a));
      if (missing.length) {
        const err = new Error(
          `AccessDeniedException: the role of ${lambda} is not granted ${missing.join(", ")} on the table (packages/core/src/permissions.ts)`,
        );
        err.name = "AccessDeniedException";
        throw err;
      }
      return next(args);
    },
    { step: "initialize", name: "payloftIamCheck" },
  );
}

export { tableName } from "./table-name";
