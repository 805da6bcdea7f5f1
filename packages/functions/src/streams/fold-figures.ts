import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from "aws-lambda";
import { assertSettings } from "@payloft/core/config/check";
import { Tally } from "@payloft/core/tally/index";
import { figuresFold } from "../table-stream";

/**
 * The table's stream → every figure a sale, a reversal or a view moves, exactly once
 * (core/src/tally). Records it could not fold now are answered as a partial batch failure:
 * Lambda delivers the batch again from the first of them, and what was folded already is not
 * counted twice (the fold's marks).
 */
let configured = false;

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  if (!configured) {
    assertSettings(figuresFold.links);
    configured = true;
  }
  const failed = await Tally.foldBatch(event.Records as Tally.Record[]);
  if (!failed.length) return { batchItemFailures: [] };
  // Lambda goes back to the lowest sequence number reported (sequence numbers are decimal strings).
  const first = failed.reduce((a, b) => (BigInt(b) < BigInt(a) ? b : a));
  return { batchItemFailures: [{ itemIdentifier: first }] };
}
