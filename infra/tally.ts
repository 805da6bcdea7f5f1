import { figuresFold, streamModule } from "../packages/functions/src/table-stream";
import { table } from "./storage";

/**
 * The figures fold: one Lambda on the table's stream (packages/functions/src/table-stream.ts
 * has its settings, which the local stream follows too). Its batches are folded into the
 * counters, daily and traffic items exactly once (core/src/tally); records it cannot fold now
 * are reported as a partial batch failure and delivered again from there. It retries until a
 * record leaves the stream (24 hours): a sale is never skipped (an alarm watches the
 * iterator's age, infra/alarms.ts), and `npm run recount` checks every figure afterwards.
 */
const linkable = { Table: table };

export const figuresFoldSubscriber = table.subscribe(
  figuresFold.name,
  {
    handler: `${streamModule(figuresFold)}.handler`,
    runtime: "nodejs22.x",
    link: figuresFold.links.map((name) => linkable[name as keyof typeof linkable]),
    // A batch of a thousand records folds in a few transactions; retries with backoff fit well inside.
    timeout: "2 minutes",
  },
  {
    // Only what moves a figure: purchases (recorded, reversed), views and memberships; not the fold's own writes.
    filters: [{ dynamodb: { NewImage: { __edb_e__: { S: figuresFold.entities } } } }],
    transform: {
      eventSourceMapping: (args) => {
        args.startingPosition = "TRIM_HORIZON";
        args.batchSize = figuresFold.batchSize;
        args.maximumBatchingWindowInSeconds = figuresFold.batchingWindowSeconds;
        args.functionResponseTypes = ["ReportBatchItemFailures"];
        args.maximumRetryAttempts = -1;
        args.maximumRecordAgeInSeconds = -1;
        args.parallelizationFactor = 1;
      },
    },
  },
);
