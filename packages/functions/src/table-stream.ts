/**
 * The table's stream subscriber: infra/tally.ts subscribes it to the table's stream (new and
 * old images) with these settings, and the local stream (packages/local/src/stream) delivers
 * to it the same way, with Lambda's batches, retries and partial-batch responses. Plain data:
 * infra reads this file.
 */
import type { LinkName } from "./links";

export interface StreamSubscriberDef {
  name: string;
  /** A module under packages/functions/src/streams exporting `handler`. */
  handler: string;
  links: LinkName[];
  /** Records per batch, at most. */
  batchSize: number;
  /** How long Lambda gathers records before it invokes (more records per batch, fewer writes). */
  batchingWindowSeconds: number;
  /** Item types (`__edb_e__`) whose records it receives: Lambda's filter criteria. */
  entities: string[];
}

export const figuresFold: StreamSubscriberDef = {
  name: "FoldFigures",
  handler: "fold-figures",
  links: ["Table"],
  batchSize: 1000,
  batchingWindowSeconds: 1,
  entities: ["purchase", "view", "membership", "affiliateclick"],
};

export const streamModule = (s: StreamSubscriberDef) => `packages/functions/src/streams/${s.handler}`;
