import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { Resource } from "sst";

/**
 * One DynamoDB client per process. Locally `DYNAMODB_ENDPOINT` points it at DynamoDB Local;
 * in AWS it is unset and the SDK uses the Lambda's region and role.
 */
let client: DynamoDBClient | undefined;

export function dynamo(): DynamoDBClient {
  client ??= new DynamoDBClient({
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
  return client;
}

export function tableName(): string {
  return Resource.Table.name;
}
