import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { Resource } from "sst";
import { TABLE_ACTIONS, dynamoActionsFor } from "../permissions";
import { currentLambda } from "../lambda-scope";

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
    maxAttempts: 2,
    requestHandler: { requestTimeout: 3000, connectionTimeout: 1000 },
  });
  if (process.env.DYNAMODB_ENDPOINT) refuseWhatIamWould(client);
  return client;
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

export function tableName(): string {
  return Resource.Table.name;
}
