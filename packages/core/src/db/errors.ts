/**
 * Recognising DynamoDB's own refusals of a request's values (ElectroDB wraps them, the SDK
 * error sits in `cause`). They come from input a person sent (an edited cursor, an absurdly
 * long id), so callers turn them into 4xx answers instead of 500s.
 */
function dynamoCause(
  err: unknown,
  names: readonly string[] = ["ValidationException"],
): { name?: string; message?: string } | undefined {
  let e = err as { name?: string; message?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e) {
    if (e.name && names.includes(e.name)) return e;
  }
  return undefined;
}

/**
 * DynamoDB said "not now" to a single write (a hot item's partition is out of units) and the
 * SDK's own retries are spent: nothing was written, so the caller's retry loop may run again.
 */
export const isThrottled = (err: unknown): boolean =>
  dynamoCause(err, ["ProvisionedThroughputExceededException", "ThrottlingException"]) !== undefined;

/** DynamoDB refused a value as invalid (wrong key type, bad start key, oversized key). */
export const isDynamoValidation = (err: unknown) => dynamoCause(err) !== undefined;

/** A key value beyond DynamoDB's size limits: no such item can exist. */
export const isKeyTooLong = (err: unknown) => /key values must be under/i.test(dynamoCause(err)?.message ?? "");

/** A conditional write lost: someone else did it first (ElectroDB's message for ConditionalCheckFailed). */
export const isConditionFailed = (err: unknown) =>
  /conditional request failed/i.test(String((err as Error | undefined)?.message));

/** For `.then(ok, ifConditionFailed(value))`: a lost conditional write answers `value`; anything else throws. */
export const ifConditionFailed =
  <T>(value: T) =>
  (err: unknown): T => {
    if (isConditionFailed(err)) return value;
    throw err;
  };

/** A single write refused while a transaction writes the same item: nothing was written. */
export const isTransactionConflict = (err: unknown): boolean =>
  dynamoCause(err, ["TransactionConflictException"]) !== undefined;
