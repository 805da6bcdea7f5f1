import {
  BatchGetItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
  type BatchGetItemCommandInput,
  type BatchGetItemCommandOutput,
  type GetItemCommandInput,
  type GetItemCommandOutput,
  type PutItemCommandInput,
  type PutItemCommandOutput,
  type QueryCommandInput,
  type QueryCommandOutput,
  type UpdateItemCommandInput,
  type UpdateItemCommandOutput,
} from "@aws-sdk/client-dynamodb";
import { dynamo } from "../client";

/**
 * The DynamoDB operations the lean layer makes, in DynamoDB's own JSON shapes (typed
 * AttributeValues, the table name in the input). One signature for every transport: today the
 * SDK client (its timeouts, retries and the offline IAM check stay as they are for every other
 * call), later a plain signed fetch that loads no SDK at all.
 */
export interface Operations {
  GetItem: { input: GetItemCommandInput; output: GetItemCommandOutput };
  BatchGetItem: { input: BatchGetItemCommandInput; output: BatchGetItemCommandOutput };
  Query: { input: QueryCommandInput; output: QueryCommandOutput };
  UpdateItem: { input: UpdateItemCommandInput; output: UpdateItemCommandOutput };
  PutItem: { input: PutItemCommandInput; output: PutItemCommandOutput };
}
export type Operation = keyof Operations;

const COMMANDS = {
  GetItem: GetItemCommand,
  BatchGetItem: BatchGetItemCommand,
  Query: QueryCommand,
  UpdateItem: UpdateItemCommand,
  PutItem: PutItemCommand,
} as const;

export async function call<O extends Operation>(
  operation: O,
  input: Operations[O]["input"],
): Promise<Operations[O]["output"]> {
  const Command = COMMANDS[operation] as unknown as new (input: Operations[O]["input"]) => GetItemCommand;
  return (await dynamo().send(new Command(input))) as unknown as Operations[O]["output"];
}
