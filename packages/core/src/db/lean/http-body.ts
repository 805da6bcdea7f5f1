/**
 * DynamoDB JSON bodies as the SDK writes and reads them. The SDK writes an input's fields in
 * the order of DynamoDB's API model, whatever order the caller used; writing the same bytes
 * makes our request comparable with the SDK's byte for byte (the signature covers the body).
 */
const MEMBER_ORDER: Record<string, readonly string[]> = {
  GetItem: [
    "TableName",
    "Key",
    "AttributesToGet",
    "ConsistentRead",
    "ReturnConsumedCapacity",
    "ProjectionExpression",
    "ExpressionAttributeNames",
  ],
  BatchGetItem: ["RequestItems", "ReturnConsumedCapacity"],
  Query: [
    "TableName",
    "IndexName",
    "Select",
    "AttributesToGet",
    "Limit",
    "ConsistentRead",
    "KeyConditions",
    "QueryFilter",
    "ConditionalOperator",
    "ScanIndexForward",
    "ExclusiveStartKey",
    "ReturnConsumedCapacity",
    "ProjectionExpression",
    "FilterExpression",
    "KeyConditionExpression",
    "ExpressionAttributeNames",
    "ExpressionAttributeValues",
  ],
  UpdateItem: [
    "TableName",
    "Key",
    "AttributeUpdates",
    "Expected",
    "ConditionalOperator",
    "ReturnValues",
    "ReturnConsumedCapacity",
    "ReturnItemCollectionMetrics",
    "UpdateExpression",
    "ConditionExpression",
    "ExpressionAttributeNames",
    "ExpressionAttributeValues",
    "ReturnValuesOnConditionCheckFailure",
  ],
  PutItem: [
    "TableName",
    "Item",
    "Expected",
    "ReturnValues",
    "ReturnConsumedCapacity",
    "ReturnItemCollectionMetrics",
    "ConditionalOperator",
    "ConditionExpression",
    "ExpressionAttributeNames",
    "ExpressionAttributeValues",
    "ReturnValuesOnConditionCheckFailure",
  ],
};
/** One table's part of a BatchGetItem. */
const KEYS_AND_ATTRIBUTES = [
  "Keys",
  "AttributesToGet",
  "ConsistentRead",
  "ProjectionExpression",
  "ExpressionAttributeNames",
];

function ordered(value: Record<string, unknown>, order: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of order) if (value[key] !== undefined) out[key] = value[key];
  for (const [key, v] of Object.entries(value)) if (!(key in out) && v !== undefined) out[key] = v;
  return out;
}

export function requestBody(operation: string, input: object): string {
  const fields = ordered(input as Record<string, unknown>, MEMBER_ORDER[operation]);
  if (operation === "BatchGetItem" && fields.RequestItems) {
    const perTable = Object.entries(fields.RequestItems as Record<string, Record<string, unknown>>);
    fields.RequestItems = Object.fromEntries(perTable.map(([table, k]) => [table, ordered(k, KEYS_AND_ATTRIBUTES)]));
  }
  return JSON.stringify(fields, binaryAsBase64);
}

/** The answer's fields as the SDK returns them (binary values as bytes); undefined if not JSON. */
export function parseAnswer(text: string): unknown {
  try {
    return text ? JSON.parse(text, base64AsBinary) : {};
  } catch {
    return undefined;
  }
}

/** Binary attribute values travel as base64 in DynamoDB's JSON, and are bytes on both sides. */
function binaryAsBase64(this: unknown, key: string, value: unknown): unknown {
  // `value` has been through toJSON already (a Buffer becomes {type, data}); the holder has the raw one.
  const raw = (this as Record<string, unknown>)[key];
  return raw instanceof Uint8Array ? Buffer.from(raw).toString("base64") : value;
}

function base64AsBinary(key: string, value: unknown): unknown {
  const bytes = (s: string) => new Uint8Array(Buffer.from(s, "base64"));
  if (key === "B" && typeof value === "string") return bytes(value);
  if (key === "BS" && Array.isArray(value)) return value.map((v) => (typeof v === "string" ? bytes(v) : v));
  return value;
}
