/**
 * When a failed delivery is tried again: after 1 min, 5 min, 30 min, 2 h and 6 h, then it is
 * given up (marked failed, and the queue moves it to its dead-letter queue). Pure constants:
 * infra/webhooks.ts sets the queue's redrive policy from MAX_ATTEMPTS too.
 */
export const RETRY_DELAYS_S = [60, 300, 1800, 7200, 21600] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;
