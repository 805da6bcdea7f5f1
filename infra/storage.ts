import { tableKeys } from "../packages/core/src/db/table";
import { protection } from "./stage";

/**
 * The one DynamoDB table (single-table design). Fields and indexes come from the same
 * `tableKeys` object the local runtime creates its table from, so AWS and `npm start`
 * can never disagree about keys or index names.
 */
const fields = Object.fromEntries(tableKeys.fields.map((f) => [f, "string" as const]));

export const table = new sst.aws.Dynamo("Table", {
  fields,
  primaryIndex: { ...tableKeys.primary },
  globalIndexes: Object.fromEntries(
    Object.entries(tableKeys.globalIndexes).map(([name, keys]) => [name, { ...keys, projection: "all" as const }]),
  ),
  // Epoch seconds on OpenAuth's codes and refresh tokens (AuthStoreEntity): DynamoDB deletes
  // them once expired, so sign-in data does not pile up.
  ttl: "expires_at",
  // Every change, before and after: the figures fold (infra/tally.ts) counts sales, refunds and
  // views from it, so no purchase has to write an item that every purchase writes.
  stream: "new-and-old-images",
  // Sales and purchases are records people rely on: a mistaken delete of a live table must fail.
  deletionProtection: protection.deletionProtection,
  transform: {
    table: (args) => {
      args.pointInTimeRecovery = { enabled: protection.pointInTimeRecovery };
    },
  },
});
