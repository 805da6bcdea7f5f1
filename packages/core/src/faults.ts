import { AppError, UnavailableError } from "./errors";

/**
 * Time limits for calls to our neighbours, and how their failures are recognised. A
 * neighbour that hangs (a frozen database, an unreachable provider) must cost a request a few
 * seconds and then a clear 503, never a Lambda timeout or a 500 with internals.
 *
 * Worst cases stay well under API Gateway's 30 s and our 10 s answer goal:
 *  - DynamoDB: 1 s to connect, 3 s per attempt, 2 attempts (db/client.ts);
 *  - Stripe: 4 s per attempt, one network retry (payment/stripe.ts);
 *  - SES: 2 s to connect, 5 s per attempt, 2 attempts (email/index.ts);
 *  - EventBridge (Bus.publish): 2 s per attempt, 3 attempts, 6 s in all (bus/index.ts);
 *  - the sign-in issuer, PayPal and any other HTTP neighbour: `fetch` with
 *    `signal: AbortSignal.timeout(HTTP_TIMEOUT_MS)`.
 */
export const DYNAMO_TIMEOUTS = { connectionTimeout: 1_000, requestTimeout: 3_000, maxAttempts: 2 } as const;
export const STRIPE_TIMEOUTS = { timeout: 4_000, maxNetworkRetries: 1 } as const;
export const SES_TIMEOUTS = { connectionTimeout: 2_000, requestTimeout: 5_000, maxAttempts: 2 } as const;
export const HTTP_TIMEOUT_MS = 5_000;
export const BUS_TIMEOUTS = { attemptMs: 2_000, totalMs: 6_000 } as const;

export const UNAVAILABLE_MESSAGE = "Payloft is temporarily unavailable. Please try again in a moment.";

/** Error names and codes that mean "the neighbour did not answer in time or at all". */
const FAULT_NAMES = new Set([
  "TimeoutError", // AWS SDK request/connection timeouts, AbortSignal.timeout
  "AbortError",
  "RequestTimeout",
  "RequestTimeoutException",
  "ThrottlingException",
  "ProvisionedThroughputExceededException",
  "RequestLimitExceeded",
  // A single write refused while a transaction holds its item: nothing was written, try again.
  "TransactionConflictException",
  "ServiceUnavailable",
  "InternalServerError",
  "StripeConnectionError",
]);
const FAULT_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_SOCKET",
]);

type Faulty = { name?: string; code?: string; type?: string; cause?: unknown; $metadata?: { httpStatusCode?: number } };

/**
 * True when `err` (or what it wraps: ElectroDB and fetch put the original in `cause`) says a
 * neighbour timed out, refused the connection or is overloaded: nothing the caller did wrong.
 */
export function isDependencyFault(err: unknown): boolean {
  let e = err as Faulty | undefined;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++, e = e.cause as Faulty | undefined) {
    if (e instanceof AppError) return false;
    if (FAULT_NAMES.has(e.name ?? "") || FAULT_NAMES.has(e.type ?? "")) return true;
    if (FAULT_CODES.has(e.code ?? "")) return true;
    if ((e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  }
  return false;
}

/** The one answer for a neighbour that failed: 503 with a sentence a person can act on. */
export const unavailable = () => new UnavailableError(UNAVAILABLE_MESSAGE, "service.unavailable");
