import { httpCall, type Operation, type OperationInput, type OperationOutput } from "./http";

export type { Operation, OperationInput, OperationOutput };

/**
 * The lean layer's one way to DynamoDB, in DynamoDB's own JSON shapes (typed AttributeValues,
 * the table name in the input). It goes over plain signed HTTP (http.ts), not the SDK client:
 * loading `@aws-sdk/client-dynamodb` alone costs a new Lambda instance more than its whole
 * cold-start budget (docs/performance.md).
 */
export async function call<O extends Operation>(operation: O, input: OperationInput<O>): Promise<OperationOutput<O>> {
  if (watchers.size === 0) return httpCall(operation, input);
  const answered = [...watchers].map((watch) => watch(operation, input));
  const output = await httpCall(operation, input);
  for (const seeAnswer of answered) seeAnswer?.(output);
  return output;
}

/**
 * Sees each call before it is sent (it may add to the input, e.g. ReturnConsumedCapacity) and,
 * if it returns a function, the answer.
 */
export type CallWatcher = (
  operation: Operation,
  input: OperationInput<Operation>,
) => void | ((output: OperationOutput<Operation>) => void);
const watchers = new Set<CallWatcher>();

/**
 * What the SDK client's middleware stack offers for its own calls: the tests and the bench count
 * the calls a request makes (a sales page view, a dashboard read) whichever way they travel.
 * Returns the function that stops watching.
 */
export function watchCalls(watcher: CallWatcher): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}
