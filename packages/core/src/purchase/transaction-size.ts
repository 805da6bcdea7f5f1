/**
 * The size of the one transaction that records a payment's purchases (./ledger.ts
 * recordPurchases), known before the payment is taken: checkout refuses an order past
 * DynamoDB's limit, which could be paid but never recorded. Kept apart from the ledger so the
 * checkout Lambda carries only this arithmetic.
 */

/** DynamoDB's limit on the actions of one transaction (it refuses more with a ValidationException). */
export const MAX_TRANSACTION_ACTIONS = 100;

interface Recorded {
  license_keys?: boolean;
  bundle_items?: { license_keys?: boolean }[];
}

/**
 * How many writes recordPurchases makes for these purchases: each purchase and its licence
 * key, each bundle item's access link and key, the buyer's customer record and aggregate.
 */
export const writesToRecord = (list: Recorded[]) =>
  2 +
  list.reduce(
    (sum, x) =>
      sum + 1 + (x.license_keys ? 1 : 0) + (x.bundle_items ?? []).reduce((n, i) => n + 1 + (i.license_keys ? 1 : 0), 0),
    0,
  );
