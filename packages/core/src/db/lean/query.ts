import type { QueryCommandInput } from "@aws-sdk/client-dynamodb";
import { tableName } from "../table-name";
import { call } from "./call";
import { keyOf, readItem, type KeyValues, type LeanSchema } from "./schema";

/**
 * One partition of an index between two sort keys, every page, without ElectroDB: the Query
 * `Entity.query.<index>(partition).between(from, to).go({ pages: "all" })` sends (same key
 * condition, names and values), and the same answer: the items of this type, in the index's
 * order, as ElectroDB returns them (items another type wrote are left out, as ElectroDB does).
 */
export async function queryBetween<T>(
  schema: LeanSchema,
  partition: KeyValues,
  from: KeyValues,
  to: KeyValues,
  indexName = "primary",
): Promise<T[]> {
  const index = schema.indexes[indexName]!;
  if (!index.sk) throw new Error(`${schema.model.entity}'s index "${indexName}" has no sort key`);
  const [pk, sk] = [index.pk.field, index.sk.field];
  const low = keyOf(schema, { ...partition, ...from }, indexName);
  const high = keyOf(schema, { ...partition, ...to }, indexName);
  const input: QueryCommandInput = {
    TableName: tableName(),
    ...(index.index ? { IndexName: index.index } : {}),
    ExpressionAttributeNames: { "#pk": pk, "#sk1": sk },
    ExpressionAttributeValues: { ":pk": { S: low[pk]! }, ":sk1": { S: low[sk]! }, ":sk2": { S: high[sk]! } },
    KeyConditionExpression: "#pk = :pk and #sk1 BETWEEN :sk1 AND :sk2",
  };
  const items: T[] = [];
  let start: QueryCommandInput["ExclusiveStartKey"];
  do {
    const page = await call("Query", { ...input, ...(start ? { ExclusiveStartKey: start } : {}) });
    for (const stored of page.Items ?? []) {
      const item = readItem<T>(schema, stored);
      if (item) items.push(item);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}
