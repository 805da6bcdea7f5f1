import type { RateLimitItem } from "../db/entities/rate-limit";
import { addAndSet } from "../db/lean/update";
import { rateLimitSchema } from "../db/schemas/rate-limit";
import { RateLimitedError } from "../errors";

/**
 * THE rate limit: a fixed-window counter per (bucket, key) in DynamoDB, one atomic write per
 * hit, expired by the table's TTL. Written through the lean layer (db/lean), so the request
 * wrapper carries no ElectroDB. The api() wrapper applies it to the rows of the route table
 * that declare `rateLimit` (per address); anything else limited later (licence-key checks per
 * address, the public API per key) calls `RateLimit.hit` directly.
 *
 * A fixed window may let up to twice the limit through across a window boundary; that is
 * fine for abuse control and costs one write instead of a read-modify-write.
 */
export namespace RateLimit {
  export interface Hit {
    /** Requests counted in this window, this one included. */
    count: number;
    remaining: number;
    /** Seconds until the window ends. */
    resetIn: number;
  }

  /** Counts one request for `key` in `bucket`; throws RateLimitedError (429) beyond `limit`. */
  export async function hit(
    bucket: string,
    key: string,
    limit: number,
    windowSeconds: number,
    now = Date.now(),
  ): Promise<Hit> {
    const nowSeconds = Math.floor(now / 1000);
    const window = nowSeconds - (nowSeconds % windowSeconds);
    const resetIn = Math.max(1, window + windowSeconds - nowSeconds);
    const written = await addAndSet<RateLimitItem>(
      rateLimitSchema,
      { bucket, key: key.slice(0, 200), window },
      // A minute of slack: TTL deletion is lazy, and a late reader must not see a fresh zero.
      { add: { count: 1 }, set: { expires_at: window + windowSeconds + 60 } },
    );
    const count = written.count ?? 1;
    if (count > limit) throw new RateLimitedError(resetIn);
    return { count, remaining: limit - count, resetIn };
  }
}
