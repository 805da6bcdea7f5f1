import { fold, type StreamRecord } from "./fold";

/**
 * Sales, refunds, disputes and views become figures (counters, daily and traffic items) from
 * the table's stream, in batches, exactly once each: see ./fold.ts, and ./figures.ts for what
 * each record is worth. docs/scale.md gives the arithmetic.
 */
export namespace Tally {
  export type Record = StreamRecord;

  /** A batch from the table's stream; answers the sequence numbers to have delivered again. */
  export const foldBatch = (records: StreamRecord[]) => fold(records);
}
