import type { Refusal } from "./refusals";
import type { Item } from "./size";

/**
 * A DynamoDB request as its JSON arrives (the members the front reads; the rest passes
 * through untouched). One shape serves every operation, as DynamoDB's own models share names.
 */
export interface Req {
  TableName?: string;
  Key?: Item;
  Item?: Item;
  UpdateExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Item;
  ReturnValues?: string;
  ReturnConsumedCapacity?: string;
  ConsistentRead?: boolean;
  ProjectionExpression?: string;
  AttributesToGet?: string[];
  IndexName?: string;
  KeyConditionExpression?: string;
  Keys?: Item[];
  /** BatchWriteItem: table → puts and deletes; BatchGetItem: table → keys and options */
  RequestItems?: Record<string, unknown>;
  /** TransactWriteItems: { Put | Update | Delete | ConditionCheck: Req }; TransactGetItems: { Get: Req } */
  TransactItems?: Record<string, Req>[];
}

export interface WriteRequest {
  PutRequest?: { Item: Item };
  DeleteRequest?: { Key: Item };
}

/**
 * What the front decided about one request: refuse it as DynamoDB would, or forward it
 * (possibly changed: a batch without the items it held back, an UpdateItem asking for the new
 * item so the front learns its size) and then adjust DynamoDB Local's answer.
 */
export interface Plan {
  refusal?: Refusal;
  /** Answer this without asking DynamoDB Local (a batch whose every item was held back). */
  answer?: Record<string, unknown>;
  /** The request to forward, when it differs from what the caller sent. */
  forward?: Record<string, unknown>;
  /** Runs once DynamoDB Local answered (or failed): releases in-flight items. */
  release?: () => void;
  /** Reads DynamoDB Local's parsed answer; returns the answer to send instead, if it changes it. */
  after?: (status: number, answer: Record<string, unknown> | undefined) => Record<string, unknown> | void;
}

export const PASS: Plan = {};
