import { Capacity, type Charge, type Limits } from "./capacity";
import { ItemFactsCache, indexPartition, tablePartition, type ItemFacts, type TableSchema } from "./model";
import {
  arnOf,
  CONFLICT_MESSAGE,
  INDEX_THROTTLED,
  keyRangeThrottled,
  TABLE_THROTTLED,
  tableThrottled,
  transactionCanceled,
  type Reason,
  type Refusal,
  type Throttle,
} from "./refusals";
import type { Item } from "./size";

/** Everything the front remembers between requests: in-flight writes, capacity, item facts, figures. */
export class FrontState {
  /** item → transactions writing it right now */
  readonly txWrites = new Map<string, number>();
  /** item → single writes (PutItem, UpdateItem, DeleteItem, BatchWriteItem) in flight */
  readonly singleWrites = new Map<string, number>();
  readonly capacity: Capacity;
  readonly facts = new ItemFactsCache();
  readonly stats = new FrontStats();
  constructor(limits: Limits, clock?: () => number) {
    this.capacity = new Capacity(limits, clock);
  }

  hold(map: Map<string, number>, keys: string[]) {
    for (const k of keys) map.set(k, (map.get(k) ?? 0) + 1);
    return () => {
      for (const k of keys) {
        const n = (map.get(k) ?? 1) - 1;
        if (n <= 0) map.delete(k);
        else map.set(k, n);
      }
    };
  }
}

/** What happened, for tests, the launch benchmark and anyone curious (GET /__front/stats). */
export class FrontStats {
  requests = 0;
  /** TransactWriteItems / TransactGetItems cancelled because an item was in another transaction */
  transactionConflicts = 0;
  /** single writes refused with TransactionConflictException */
  writeConflicts = 0;
  /** requests (or transactions) refused or cut short for throughput */
  throttles = 0;
  /** requests refused for throughput, per partition (or table) that was out of capacity */
  readonly throttledBy = new Map<string, number>();
  /** successful item writes per item, and in total */
  readonly writesByItem = new Map<string, number>();
  itemWrites = 0;

  wrote(keys: string[]) {
    for (const k of keys) this.writesByItem.set(k, (this.writesByItem.get(k) ?? 0) + 1);
    this.itemWrites += keys.length;
  }

  hottest(): { item: string; writes: number; share: number } | null {
    let best: [string, number] | undefined;
    for (const e of this.writesByItem) if (!best || e[1] > best[1]) best = e;
    if (!best) return null;
    return { item: best[0].replaceAll("\u0000", " "), writes: best[1], share: best[1] / this.itemWrites };
  }

  throttledOn(charges: Charge[]) {
    for (const b of new Set(charges.map((c) => `${c.read ? "read" : "write"} ${c.bucket.replaceAll("\u0000", " ")}`)))
      this.throttledBy.set(b, (this.throttledBy.get(b) ?? 0) + 1);
  }

  /** The partitions refused most often, most first. */
  mostThrottled(n = 3) {
    return [...this.throttledBy].sort((a, b) => b[1] - a[1]).slice(0, n);
  }

  snapshot() {
    return {
      requests: this.requests,
      transactionConflicts: this.transactionConflicts,
      writeConflicts: this.writeConflicts,
      throttles: this.throttles,
      itemWrites: this.itemWrites,
      hottest: this.hottest(),
      mostThrottled: this.mostThrottled(),
    };
  }

  reset() {
    this.requests = this.transactionConflicts = this.writeConflicts = this.throttles = this.itemWrites = 0;
    this.writesByItem.clear();
    this.throttledBy.clear();
  }
}

/** The partitions and table one item write (or read) is charged to. */
export function chargesFor(
  t: TableSchema,
  key: Item,
  units: number,
  opts: { read?: boolean; indexes?: Record<string, string>; indexUnits?: number } = {},
): Charge[] {
  const read = !!opts.read;
  const out: Charge[] = [
    { bucket: tablePartition(t, key), units, read },
    { bucket: t.name, units, read },
  ];
  for (const [index, value] of Object.entries(opts.indexes ?? {})) {
    const u = opts.indexUnits ?? units;
    out.push(
      { bucket: indexPartition(t, index, value), units: u, read },
      { bucket: `${t.name}/index/${index}`, units: u, read },
    );
  }
  return out;
}

/** How a refused charge reads in DynamoDB's answer. */
export function throttleOf(c: Charge): Throttle {
  const [resource, key] = c.bucket.split("\u0000");
  const [table, index] = resource!.split("/index/");
  const partition = key !== undefined;
  const what = `${index ? "Index" : "Table"}${c.read ? "Read" : "Write"}`;
  return {
    reason: `${what}${partition ? "KeyRangeThroughputExceeded" : "AccountLimitExceeded"}`,
    resource: arnOf(table!, index),
  };
}

export const throttleMessage = (throttles: Throttle[]) =>
  throttles.every((t) => t.reason.startsWith("Index")) ? INDEX_THROTTLED : TABLE_THROTTLED;

export type { Refusal, ItemFacts };

/**
 * A transaction's items, in the request's order: cancelled with `TransactionConflict` where
 * `busy` says another write holds the item (`None` elsewhere), else with `ThrottlingError`
 * where a partition is out of capacity; otherwise admitted and charged (null).
 */
export function admitTransaction(
  state: FrontState,
  items: { item: string; charges: Charge[] }[],
  busy: (item: string) => boolean,
): Refusal | null {
  if (items.some((i) => busy(i.item))) {
    state.stats.transactionConflicts++;
    return transactionCanceled(
      items.map((i): Reason =>
        busy(i.item) ? { Code: "TransactionConflict", Message: CONFLICT_MESSAGE } : { Code: "None" },
      ),
    );
  }
  const charges = items.flatMap((i) => i.charges);
  const short = state.capacity.refused(charges);
  const refused = new Set(short.map((c) => c.bucket));
  if (refused.size) {
    state.stats.throttles++;
    state.stats.throttledOn(short);
    return transactionCanceled(
      items.map((i): Reason => {
        const hit = i.charges.filter((c) => refused.has(c.bucket));
        return hit.length
          ? { Code: "ThrottlingError", Message: throttleMessage(hit.map(throttleOf)) }
          : { Code: "None" };
      }),
    );
  }
  state.capacity.take(charges);
  return null;
}

/** A single request past capacity: a partition's (the hot-key answer) or the whole table's. */
export function throttled(state: FrontState, refused: Charge[]): Refusal {
  state.stats.throttles++;
  state.stats.throttledOn(refused);
  const throttles = refused.map(throttleOf);
  return throttles.some((t) => t.reason.endsWith("KeyRangeThroughputExceeded"))
    ? keyRangeThrottled(throttles)
    : tableThrottled(throttles);
}
