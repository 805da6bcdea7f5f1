import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Offline, everything runs in one process: the local gateway, bus and issuer run each
 * handler inside this scope, so checks that stand in for AWS (the IAM check on DynamoDB
 * calls) apply to Lambda code and not to the seed or test fixtures, which in AWS terms are
 * an operator's tools with their own credentials.
 */
const scope = new AsyncLocalStorage<string>();

/** Runs `fn` as the Lambda `name` would run. */
export const runAsLambda = <T>(name: string, fn: () => T): T => scope.run(name, fn);

/** The Lambda whose code is running, or undefined outside any. */
export const currentLambda = (): string | undefined => scope.getStore();
