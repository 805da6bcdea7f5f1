/**
 * Throughput as DynamoDB documents it (developer guide, "Best practices for designing and
 * using partition keys effectively"): every partition delivers at most 3,000 read units and
 * 1,000 write units a second, and one item never gets more than one partition's worth. A
 * partition key value is one partition here (DynamoDB splits a hot key's item collection by
 * sort key only after minutes of heat, and never when the sort key only grows), for the table
 * and for each global secondary index alike. The table as a whole is held to the per-table
 * on-demand quota (40,000 read and 40,000 write units a second, "Service quotas").
 *
 * `scale` divides every limit: a launch this machine can drive then meets the ceilings that
 * a launch `scale` times bigger meets in AWS.
 */
export const AWS_LIMITS = {
  partitionWrite: 1_000,
  partitionRead: 3_000,
  tableWrite: 40_000,
  tableRead: 40_000,
} as const;

export interface Limits {
  partitionWrite: number;
  partitionRead: number;
  tableWrite: number;
  tableRead: number;
}

export const scaled = (scale: number): Limits => ({
  partitionWrite: AWS_LIMITS.partitionWrite / scale,
  partitionRead: AWS_LIMITS.partitionRead / scale,
  tableWrite: AWS_LIMITS.tableWrite / scale,
  tableRead: AWS_LIMITS.tableRead / scale,
});

/** One second's worth of units, refilled continuously: what a partition can take right now. */
class Bucket {
  tokens: number;
  at: number;
  constructor(
    readonly perSecond: number,
    now: number,
  ) {
    this.tokens = perSecond;
    this.at = now;
  }
  refill(now: number) {
    this.tokens = Math.min(this.perSecond, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
  }
  /** A request bigger than a whole second's capacity still passes when the bucket is full. */
  admits(units: number) {
    return this.tokens >= Math.min(units, this.perSecond) && this.tokens > 0;
  }
}

export interface Charge {
  /** the bucket's name: a partition (`table\0key`, `table/index/name\0key`) or a whole table (`table`) */
  bucket: string;
  units: number;
  read: boolean;
}

export class Capacity {
  private buckets = new Map<string, Bucket>();
  private timer: NodeJS.Timeout;
  constructor(
    readonly limits: Limits,
    private now: () => number = () => performance.now(),
  ) {
    // Full buckets are forgotten now and then, so memory follows the hot set, not every key seen.
    this.timer = setInterval(() => this.sweep(), 10_000).unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  private bucket(c: Charge, now: number) {
    const key = `${c.read ? "r" : "w"}\u0001${c.bucket}`;
    let b = this.buckets.get(key);
    if (!b) {
      const table = !c.bucket.includes("\u0000");
      const perSecond = table
        ? c.read
          ? this.limits.tableRead
          : this.limits.tableWrite
        : c.read
          ? this.limits.partitionRead
          : this.limits.partitionWrite;
      b = new Bucket(perSecond, now);
      this.buckets.set(key, b);
    }
    b.refill(now);
    return b;
  }

  /** The charges that cannot be taken now (nothing is taken unless every one can be). */
  refused(charges: Charge[]): Charge[] {
    const now = this.now();
    const totals = new Map<string, Charge>();
    for (const c of charges) {
      const k = `${c.read}\u0001${c.bucket}`;
      const t = totals.get(k);
      totals.set(k, t ? { ...t, units: t.units + c.units } : { ...c });
    }
    return [...totals.values()].filter((c) => !this.bucket(c, now).admits(c.units));
  }

  take(charges: Charge[]) {
    const now = this.now();
    for (const c of charges) this.bucket(c, now).tokens -= c.units;
  }

  private sweep() {
    const now = this.now();
    for (const [k, b] of this.buckets) {
      b.refill(now);
      if (b.tokens >= b.perSecond) this.buckets.delete(k);
    }
  }
}
