import type { Charge } from "./capacity";
import { indexKeysOf, indexPartition, itemKey, tablePartition, type TableSchema } from "./model";
import type { Plan, Req } from "./plan";
import { itemSize, readUnits, type Item } from "./size";
import { admitTransaction, chargesFor, throttled, type FrontState } from "./state";

type Schemas = (table: string) => TableSchema;

/**
 * Reads cost one unit per started 4 KB when strongly consistent, half that when eventually
 * consistent, two when transactional; a missing item still costs the minimum. The front charges
 * what it knows of the item's size up front and the rest once DynamoDB Local answered.
 */
const units = (bytes: number, consistent: boolean) => readUnits(bytes) * (consistent ? 1 : 0.5);

function learnItem(state: FrontState, t: TableSchema, item: Item | undefined, whole: boolean) {
  if (!item || !whole) return;
  const key = Object.fromEntries([t.hashKey, t.rangeKey].filter(Boolean).map((k) => [k, item[k!]]));
  state.facts.set(itemKey(t, key), { bytes: itemSize(item), indexKeys: indexKeysOf(t, item) });
}

const whole = (req: Req) => !req.ProjectionExpression && !req.AttributesToGet;

export function getItem(state: FrontState, req: Req, schemas: Schemas): Plan {
  const t = schemas(req.TableName!);
  const key = req.Key!;
  const known = state.facts.get(itemKey(t, key));
  const charges = chargesFor(t, key, units(known?.bytes ?? 0, !!req.ConsistentRead), { read: true });
  const refused = state.capacity.refused(charges);
  if (refused.length) return { refusal: throttled(state, refused) };
  state.capacity.take(charges);
  return {
    after: (status, answer) => {
      if (status !== 200) return;
      const item = answer?.Item as Item | undefined;
      learnItem(state, t, item, whole(req));
      const actual = item && whole(req) ? units(itemSize(item), !!req.ConsistentRead) : 0;
      if (actual > charges[0]!.units)
        state.capacity.take(chargesFor(t, key, actual - charges[0]!.units, { read: true }));
    },
  };
}

/** BatchGetItem: each key is its own read; a key past capacity comes back in UnprocessedKeys. */
export function batchGet(state: FrontState, req: Req, schemas: Schemas): Plan {
  const admitted: Record<string, Req> = {};
  const held: Record<string, Req> = {};
  let refusedAll: Charge[] = [];
  let count = 0;
  for (const [table, spec] of Object.entries((req.RequestItems ?? {}) as Record<string, Req>)) {
    const t = schemas(table);
    for (const key of spec.Keys ?? []) {
      const known = state.facts.get(itemKey(t, key));
      const charges = chargesFor(t, key, units(known?.bytes ?? 0, !!spec.ConsistentRead), { read: true });
      const refused = state.capacity.refused(charges);
      const into = refused.length ? held : admitted;
      (into[table] ??= { ...spec, Keys: [] }).Keys!.push(key);
      if (refused.length) refusedAll = refusedAll.concat(refused);
      else {
        state.capacity.take(charges);
        count++;
      }
    }
  }
  if (!count) return { refusal: throttled(state, refusedAll) };
  if (refusedAll.length) {
    state.stats.throttles++;
    state.stats.throttledOn(refusedAll);
  }
  return {
    forward: refusedAll.length ? { ...req, RequestItems: admitted } : undefined,
    after: (status, answer) => {
      if (status !== 200 || !answer) return;
      for (const [table, items] of Object.entries((answer.Responses ?? {}) as Record<string, Item[]>)) {
        const spec = (req.RequestItems as Record<string, Req>)[table];
        for (const item of items) learnItem(state, schemas(table), item, whole(spec ?? {}));
      }
      if (!refusedAll.length) return;
      const unprocessed = { ...((answer.UnprocessedKeys as Record<string, Req>) ?? {}) };
      for (const [table, spec] of Object.entries(held))
        unprocessed[table] = { ...spec, Keys: [...(unprocessed[table]?.Keys ?? []), ...(spec.Keys ?? [])] };
      return { ...answer, UnprocessedKeys: unprocessed };
    },
  };
}

/** The partition a Query reads: the `hash = :value` of its key condition. */
function queriedPartition(t: TableSchema, req: Req): { bucket: string; table: string } | null {
  const index = req.IndexName ? t.indexes.find((i) => i.name === req.IndexName) : undefined;
  const hash = index ? index.hashKey : t.hashKey;
  const names = (req.ExpressionAttributeNames ?? {}) as Record<string, string>;
  for (const m of String(req.KeyConditionExpression ?? "").matchAll(/([#\w.]+)\s*=\s*(:[\w]+)/g)) {
    if ((names[m[1]!] ?? m[1]) !== hash) continue;
    const value = (req.ExpressionAttributeValues ?? {})[m[2]!] as Item[string] | undefined;
    if (!value) return null;
    const key = { [hash]: value } as Item;
    if (!index) return { bucket: tablePartition(t, key), table: t.name };
    const scalar = itemKey({ name: "", hashKey: hash, indexes: [] }, key).split("\u0000")[1]!;
    return { bucket: indexPartition(t, index.name, scalar), table: `${t.name}/index/${index.name}` };
  }
  return null;
}

/** Query: admitted while its partition has capacity left, charged what DynamoDB Local says it read. */
export function query(state: FrontState, req: Req, schemas: Schemas): Plan {
  const t = schemas(req.TableName!);
  const part = queriedPartition(t, req);
  const probe: Charge[] = part
    ? [
        { bucket: part.bucket, units: 0.5, read: true },
        { bucket: part.table, units: 0.5, read: true },
      ]
    : [{ bucket: t.name, units: 0.5, read: true }];
  const refused = state.capacity.refused(probe);
  if (refused.length) return { refusal: throttled(state, refused) };
  const asked = req.ReturnConsumedCapacity && req.ReturnConsumedCapacity !== "NONE";
  return {
    forward: asked ? undefined : { ...req, ReturnConsumedCapacity: "TOTAL" },
    after: (status, answer) => {
      if (status !== 200 || !answer) return;
      const used = Number((answer.ConsumedCapacity as { CapacityUnits?: number })?.CapacityUnits ?? 0.5);
      state.capacity.take(probe.map((c) => ({ ...c, units: used })));
      if (!asked) {
        const { ConsumedCapacity: _, ...rest } = answer;
        return rest;
      }
    },
  };
}

/**
 * TransactGetItems: cancelled with `TransactionConflict` for each item a write (transactional
 * or not) is changing right now, as the developer guide's conflict list says.
 */
export function transactGet(state: FrontState, req: Req, schemas: Schemas): Plan {
  const gets = (req.TransactItems ?? []).map(({ Get }) => {
    const t = schemas(Get!.TableName!);
    const item = itemKey(t, Get!.Key!);
    const known = state.facts.get(item);
    return { item, charges: chargesFor(t, Get!.Key!, readUnits(known?.bytes ?? 0) * 2, { read: true }) };
  });
  const busy = (item: string) => state.txWrites.has(item) || state.singleWrites.has(item);
  const refusal = admitTransaction(state, gets, busy);
  return refusal ? { refusal } : {};
}
