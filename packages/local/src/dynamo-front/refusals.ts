/**
 * DynamoDB's refusals, byte for byte in the shape its JSON protocol answers them (HTTP 400,
 * `__type` namespaced as DynamoDB's own errors are), with the members and messages of the
 * SDK's models (@aws-sdk/client-dynamodb: TransactionCanceledException's `CancellationReasons`
 * and `Message`, ProvisionedThroughputExceededException's `ThrottlingReasons`,
 * ThrottlingException's `throttlingReasons`) and the texts its documentation lists.
 */
const NS = "com.amazonaws.dynamodb.v20120810#";

export interface Refusal {
  status: 400;
  body: Record<string, unknown>;
}

export const CONFLICT_MESSAGE = "Transaction is ongoing for the item";
export const TABLE_THROTTLED =
  "Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your table or index so please try again shortly. If exceptions persist, check if you have a hot key: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html";
export const INDEX_THROTTLED =
  "Throughput exceeds the current capacity for one or more global secondary indexes. DynamoDB is automatically scaling your index so please try again shortly.";

export type Reason =
  { Code: "None" } | { Code: "TransactionConflict"; Message: string } | { Code: "ThrottlingError"; Message: string };

/** TransactWriteItems / TransactGetItems cancelled: one reason per action, in the request's order. */
export function transactionCanceled(reasons: Reason[]): Refusal {
  return {
    status: 400,
    body: {
      __type: `${NS}TransactionCanceledException`,
      CancellationReasons: reasons,
      Message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(", ")}]`,
    },
  };
}

/** PutItem, UpdateItem or DeleteItem on an item a transaction is writing. */
export function transactionConflict(): Refusal {
  return { status: 400, body: { __type: `${NS}TransactionConflictException`, message: CONFLICT_MESSAGE } };
}

export interface Throttle {
  /** e.g. TableWriteKeyRangeThroughputExceeded, IndexReadKeyRangeThroughputExceeded, TableWriteAccountLimitExceeded */
  reason: string;
  /** the table's or index's ARN */
  resource: string;
}

/** A partition (table or index key range) past its limit: the hot-key answer. */
export function keyRangeThrottled(throttles: Throttle[]): Refusal {
  const index = throttles.every((t) => t.reason.startsWith("Index"));
  return {
    status: 400,
    body: {
      __type: `${NS}ProvisionedThroughputExceededException`,
      message: index ? INDEX_THROTTLED : TABLE_THROTTLED,
      ThrottlingReasons: throttles,
    },
  };
}

/** The whole table past its on-demand quota. */
export function tableThrottled(throttles: Throttle[]): Refusal {
  return {
    status: 400,
    body: {
      __type: `${NS}ThrottlingException`,
      message: TABLE_THROTTLED,
      throttlingReasons: throttles,
    },
  };
}

export const arnOf = (table: string, index?: string) =>
  `arn:aws:dynamodb:local:000000000000:table/${table}${index ? `/index/${index}` : ""}`;
