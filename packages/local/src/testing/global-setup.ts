import type { TestProject } from "vitest/node";
import { startDynamoLocal } from "../dynamo";

/** One in-memory DynamoDB Local for the whole api project; files isolate by table name. */
export default async function setup(project: TestProject) {
  const dynamo = await startDynamoLocal();
  project.provide("dynamoEndpoint", dynamo.endpoint);
  return () => dynamo.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
