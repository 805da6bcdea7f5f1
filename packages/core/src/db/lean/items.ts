import type { KeysAndAttributes } from "@aws-sdk/client-dynamodb";
import { AGAIN, jitter, retry } from "../../retry";
import { tableName } from "../table-name";
import { tableKeys } from "../table";
import { toStored, type Stored } from "./attr";
import { call } from "./call";
import { ENTITY_FIELD, VERSION_FIELD, fieldOf, keyOf, readItem, type KeyValues, type LeanSchema } from "./schema";

/**
 * Reads of single items, by primary key, without ElectroDB: the same keys and the same
 * answers as `Entity.get(key).go()` (the tests in packages/core/test/lean.test.ts hold the two
 * side by side). Writes and every other access pattern go through the entities.
 */
export interface GetOptions {
  consistent?: boolean;
  /** Only these attributes (a projection), as ElectroDB's `go({ attributes })`. */
  attributes?: readonly string[];
}

function projection(schema: LeanSchema, attributes: readonly string[] | undefined) {
  if (!attributes?.length) return {};
  const fields = [...attributes.map((a) => fieldOf(schema, a)), ENTITY_FIELD, VERSION_FIELD];
  return {
    ProjectionExpression: fields.map((_, i) => `#p${i}`).join(", "),
    ExpressionAttributeNames: Object.fromEntries(fields.map((f, i) => [`#p${i}`, f])),
  };
}

export async function getItem<T>(schema: LeanSchema, key: KeyValues, opts: GetOptions = {}): Promise<T | null> {
  const out = await call("GetItem", {
    TableName: tableName(),
    Key: toStored(keyOf(schema, key)),
    ...(opts.consistent ? { ConsistentRead: true } : {}),
    ...projection(schema, opts.attributes),
  });
  return readItem<T>(schema, out.Item);
}

export interface BatchRequest {
  schema: LeanSchema;
  key: KeyValues;
}

const BATCH_ATTEMPTS = 5;

/**
 * Several items in one BatchGetItem (at most 100, distinct keys), answered in the order asked,
 * null for a missing one. Keys DynamoDB leaves unprocessed (throttling) are asked again.
 */
export async function batchGetItems(requests: readonly BatchRequest[]): Promise<unknown[]> {
  const table = tableName();
  const keys = requests.map((r) => keyOf(r.schema, r.key));
  // Answers come in any order: matched to the request by the table's primary key.
  const { hashKey, rangeKey } = tableKeys.primary;
  const id = (pk: string | undefined, sk: string | undefined) => `${pk}\n${sk}`;
  const found = new Map<string, Stored>();
  let pending: KeysAndAttributes | undefined = { Keys: keys.map((k) => toStored(k)) };
  await retry(
    async () => {
      const out = await call("BatchGetItem", { RequestItems: { [table]: pending! } });
      for (const stored of out.Responses?.[table] ?? []) found.set(id(stored[hashKey]?.S, stored[rangeKey]?.S), stored);
      pending = out.UnprocessedKeys?.[table];
      return pending?.Keys?.length ? AGAIN : undefined;
    },
    {
      attempts: BATCH_ATTEMPTS,
      delayMs: jitter(50, 100),
      exhausted: () => Object.assign(new Error("BatchGetItem left keys unprocessed"), { name: "ServiceUnavailable" }),
    },
  );
  return requests.map((r, i) => readItem(r.schema, found.get(id(keys[i]![hashKey], keys[i]![rangeKey]))));
}
