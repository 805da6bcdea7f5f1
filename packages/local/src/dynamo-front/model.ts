import type { AttributeValue, Item } from "./size";

/**
 * What the front knows about tables and items: each table's key schema and indexes (read once
 * with DescribeTable), and, per item, its last known size and index keys, learned from the
 * writes and reads that pass through. DynamoDB charges an update on the size of the whole
 * item and writes every index the item is in, which the request alone does not say.
 */
export interface TableSchema {
  name: string;
  hashKey: string;
  rangeKey?: string;
  /** Global secondary indexes: their hash and range key attributes and projection. */
  indexes: { name: string; hashKey: string; rangeKey?: string; projection: "ALL" | "KEYS_ONLY" | "INCLUDE" }[];
}

export interface ItemFacts {
  bytes: number;
  /** index name → the item's partition key value there (absent: not in that index) */
  indexKeys: Record<string, string>;
}

const scalar = (v: AttributeValue | undefined) =>
  v ? (typeof v.S === "string" ? `S:${v.S}` : typeof v.N === "string" ? `N:${v.N}` : `B:${String(v.B)}`) : "";

export function itemKey(t: TableSchema, key: Item): string {
  return `${t.name}\u0000${scalar(key[t.hashKey])}\u0000${t.rangeKey ? scalar(key[t.rangeKey]) : ""}`;
}

export const tablePartition = (t: TableSchema, key: Item) => `${t.name}\u0000${scalar(key[t.hashKey])}`;
export const indexPartition = (t: TableSchema, index: string, value: string) =>
  `${t.name}/index/${index}\u0000${value}`;

/** Where an item's index entries live, from a whole item (a Put, a read). */
export function indexKeysOf(t: TableSchema, item: Item): Record<string, string> {
  const out: Record<string, string> = {};
  for (const ix of t.indexes) {
    if (item[ix.hashKey] && (!ix.rangeKey || item[ix.rangeKey])) out[ix.name] = scalar(item[ix.hashKey]);
  }
  return out;
}

/** The bounded memory of item facts: oldest forgotten first. */
export class ItemFactsCache {
  private map = new Map<string, ItemFacts>();
  constructor(private max = 200_000) {}
  get(key: string) {
    return this.map.get(key);
  }
  set(key: string, facts: ItemFacts) {
    this.map.delete(key);
    this.map.set(key, facts);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
  delete(key: string) {
    this.map.delete(key);
  }
}

/**
 * The index keys an UpdateItem sets or removes, read from its UpdateExpression: `SET #k = :v`
 * assignments of an index's hash key (ElectroDB's way of moving an item in an index) and
 * `REMOVE #k`. Anything more elaborate leaves the item where it was known to be.
 */
export function indexKeyChanges(
  t: TableSchema,
  expression: string | undefined,
  names: Record<string, string> = {},
  values: Item = {},
): { set: Record<string, string>; removed: string[] } {
  const set: Record<string, string> = {};
  const removed: string[] = [];
  if (!expression) return { set, removed };
  const name = (token: string) => names[token.trim()] ?? token.trim();
  for (const [clause, body] of clauses(expression)) {
    for (const part of splitTop(body)) {
      if (clause === "SET") {
        const [path, value] = part.split(/=(.*)/s).map((s) => s.trim());
        const ix = t.indexes.find((i) => i.hashKey === name(path ?? ""));
        if (ix && value && /^:[\w]+$/.test(value) && values[value]) set[ix.name] = scalar(values[value]);
      } else if (clause === "REMOVE") {
        const ix = t.indexes.find((i) => i.hashKey === name(part) || i.rangeKey === name(part));
        if (ix) removed.push(ix.name);
      }
    }
  }
  return { set, removed };
}

function clauses(expression: string): [string, string][] {
  const re = /\b(SET|REMOVE|ADD|DELETE)\b/gi;
  const marks = [...expression.matchAll(re)].map((m) => ({
    word: m[1]!.toUpperCase(),
    at: m.index!,
    end: m.index! + m[0].length,
  }));
  return marks.map((m, i) => [m.word, expression.slice(m.end, marks[i + 1]?.at ?? expression.length)]);
}

function splitTop(body: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) {
      out.push(body.slice(start, i));
      start = i + 1;
    }
  }
  out.push(body.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}
