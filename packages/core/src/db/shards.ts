import { createHash } from "node:crypto";

/**
 * Items every launch buyer writes (purchases' platform index, open checkouts, a code's
 * reservations) are spread over 16 partitions, not one: one partition takes 1,000 write units a
 * second (docs/scale.md). The shard is a hex digit; readers query the 16 and merge.
 */
export const SHARDS = [..."0123456789abcdef"];

/** A stable shard for a key that is not itself random hex: the first hex digit of its SHA-256. */
export const hashShard = (key: string) => createHash("sha256").update(key).digest("hex").charAt(0);
