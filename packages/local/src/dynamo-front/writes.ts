import type { Charge } from "./capacity";
import { indexKeyChanges, indexKeysOf, itemKey, type ItemFacts, type TableSchema } from "./model";
import type { Plan, Req, WriteRequest } from "./plan";
import { keyRangeThrottled, transactionConflict } from "./refusals";
import { itemSize, writeUnits, type Item } from "./size";
import { admitTransaction, chargesFor, throttled, throttleOf, type FrontState } from "./state";

type Schemas = (table: string) => TableSchema;

/** One item write as the front sees it: which item, what it costs, what it will know after. */
interface Write {
  t: TableSchema;
  key: Item;
  item: string;
  charges: Charge[];
  learn: (answer?: Item) => void;
}

function describe(state: FrontState, kind: string, spec: Req, schemas: Schemas, factor: number): Write {
  const t = schemas(spec.TableName!);
  const whole = spec.Item ?? {};
  const key: Item =
    kind === "Put"
      ? Object.fromEntries([t.hashKey, t.rangeKey].filter(Boolean).map((k) => [k, whole[k!]!]))
      : spec.Key!;
  const item = itemKey(t, key);
  const known = state.facts.get(item);
  let bytes = known?.bytes ?? 0;
  let indexes: Record<string, string> = { ...known?.indexKeys };
  let after: ItemFacts | null = known ?? null;
  if (kind === "Put") {
    const size = itemSize(whole);
    bytes = Math.max(bytes, size);
    const next = indexKeysOf(t, whole);
    // An item moving between index partitions is a delete in one and a put in the other.
    for (const [ix, v] of Object.entries(next))
      if (indexes[ix] && indexes[ix] !== v) indexes[`${ix}\u0001old`] = indexes[ix]!;
    indexes = { ...indexes, ...next };
    after = { bytes: size, indexKeys: next };
  } else if (kind === "Update") {
    const changes = indexKeyChanges(
      t,
      spec.UpdateExpression,
      spec.ExpressionAttributeNames,
      spec.ExpressionAttributeValues,
    );
    const added = itemSize(spec.ExpressionAttributeValues ?? {});
    bytes = Math.max(bytes, (known?.bytes ?? 0) + added);
    const next = { ...known?.indexKeys, ...changes.set };
    for (const ix of changes.removed) delete next[ix];
    indexes = { ...indexes, ...changes.set };
    after = { bytes, indexKeys: next };
  } else if (kind === "Delete") {
    after = null;
  }
  const units = writeUnits(bytes);
  const indexCharges: Record<string, string> = {};
  for (const [ix, v] of Object.entries(indexes)) indexCharges[ix.split("\u0001")[0]!] = v;
  const charges =
    kind === "ConditionCheck"
      ? chargesFor(t, key, units * factor)
      : chargesFor(t, key, units * factor, { indexes: indexCharges, indexUnits: units });
  return {
    t,
    key,
    item,
    charges,
    learn: (answer) => {
      if (kind === "ConditionCheck") return;
      if (answer) after = { bytes: itemSize(answer), indexKeys: indexKeysOf(t, answer) };
      if (after) state.facts.set(item, after);
      else state.facts.delete(item);
    },
  };
}

const ACTIONS = ["Put", "Update", "Delete", "ConditionCheck"] as const;

/**
 * TransactWriteItems: cancelled with `TransactionConflict` for each item another transaction is
 * writing (and `None` for the others), or `ThrottlingError` for items whose partition is out of
 * capacity; otherwise its items are held until DynamoDB Local answers. Transactional writes cost
 * two units per KB (prepare and commit).
 */
export function transactWrite(state: FrontState, req: Req, schemas: Schemas): Plan {
  const actions = req.TransactItems ?? [];
  const writes = actions.map((a) => {
    const kind = ACTIONS.find((k) => a[k])!;
    return describe(state, kind, a[kind]!, schemas, 2);
  });
  const refusal = admitTransaction(state, writes, (item) => state.txWrites.has(item));
  if (refusal) return { refusal };
  return {
    release: state.hold(
      state.txWrites,
      writes.map((w) => w.item),
    ),
    after: (status) => {
      if (status !== 200) return;
      for (const w of writes) w.learn();
      state.stats.wrote(writes.filter((_, i) => !actions[i]!.ConditionCheck).map((w) => w.item));
    },
  };
}

/** PutItem, UpdateItem, DeleteItem: refused while a transaction holds the item, or past capacity. */
export function singleWrite(state: FrontState, op: string, req: Req, schemas: Schemas): Plan {
  const kind = op.replace("Item", "");
  const w = describe(state, kind, req, schemas, 1);
  if (state.txWrites.has(w.item)) {
    state.stats.writeConflicts++;
    return { refusal: transactionConflict() };
  }
  const refused = state.capacity.refused(w.charges);
  if (refused.length) return { refusal: throttled(state, refused) };
  state.capacity.take(w.charges);
  // The new item tells the front its size and index keys; the caller gets what it asked for.
  const asked = req.ReturnValues && req.ReturnValues !== "NONE";
  const forward = kind === "Update" && !asked ? { ...req, ReturnValues: "ALL_NEW" } : undefined;
  return {
    forward,
    release: state.hold(state.singleWrites, [w.item]),
    after: (status, answer) => {
      if (status !== 200) return;
      const attrs = answer?.Attributes as Item | undefined;
      w.learn(kind === "Update" && (!asked || req.ReturnValues === "ALL_NEW") ? attrs : undefined);
      state.stats.wrote([w.item]);
      if (forward && answer) {
        const { Attributes: _, ...rest } = answer;
        return rest;
      }
    },
  };
}

/**
 * BatchWriteItem: each put or delete is its own write; one held by a transaction or past its
 * partition's capacity comes back in UnprocessedItems, and a batch of which nothing could be
 * written for capacity is refused as a whole, as DynamoDB's API reference says.
 */
export function batchWrite(state: FrontState, req: Req, schemas: Schemas): Plan {
  const admitted: Record<string, unknown[]> = {};
  const held: Record<string, unknown[]> = {};
  const writes: Write[] = [];
  let conflicts = 0;
  let short: Charge[] = [];
  for (const [table, entries] of Object.entries((req.RequestItems ?? {}) as Record<string, WriteRequest[]>)) {
    for (const entry of entries) {
      const w = entry.PutRequest
        ? describe(state, "Put", { TableName: table, Item: entry.PutRequest.Item }, schemas, 1)
        : describe(state, "Delete", { TableName: table, Key: entry.DeleteRequest!.Key }, schemas, 1);
      const refused = state.txWrites.has(w.item) ? null : state.capacity.refused(w.charges);
      if (!refused || refused.length) {
        if (refused) short = short.concat(refused);
        else conflicts++;
        (held[table] ??= []).push(entry);
        continue;
      }
      state.capacity.take(w.charges);
      (admitted[table] ??= []).push(entry);
      writes.push(w);
    }
  }
  state.stats.writeConflicts += conflicts;
  if (short.length) {
    state.stats.throttles++;
    state.stats.throttledOn(short);
  }
  if (!writes.length) {
    if (!conflicts) return { refusal: keyRangeThrottled(short.map(throttleOf)) };
    return { answer: { UnprocessedItems: held } };
  }
  return {
    forward: Object.keys(held).length ? { ...req, RequestItems: admitted } : undefined,
    release: state.hold(
      state.singleWrites,
      writes.map((w) => w.item),
    ),
    after: (status, answer) => {
      if (status !== 200) return;
      for (const w of writes) w.learn();
      state.stats.wrote(writes.map((w) => w.item));
      if (!Object.keys(held).length) return;
      const unprocessed = { ...((answer?.UnprocessedItems as Record<string, unknown[]>) ?? {}) };
      for (const [table, entries] of Object.entries(held))
        unprocessed[table] = [...(unprocessed[table] ?? []), ...entries];
      return { ...answer, UnprocessedItems: unprocessed };
    },
  };
}
