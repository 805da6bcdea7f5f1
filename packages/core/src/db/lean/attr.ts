import type { AttributeValue } from "@aws-sdk/client-dynamodb";

/**
 * Plain values to and from DynamoDB's typed JSON, as ElectroDB's document client converts them
 * (numbers as JS numbers, sets as Set, undefined dropped), so an item reads the same either way.
 */
export type Stored = Record<string, AttributeValue>;

export function fromAttr(v: AttributeValue): unknown {
  if (v.S !== undefined) return v.S;
  if (v.N !== undefined) return Number(v.N);
  if (v.BOOL !== undefined) return v.BOOL;
  if (v.NULL !== undefined) return null;
  if (v.M !== undefined) return fromStored(v.M);
  if (v.L !== undefined) return v.L.map(fromAttr);
  if (v.SS !== undefined) return new Set(v.SS);
  if (v.NS !== undefined) return new Set(v.NS.map(Number));
  if (v.B !== undefined) return v.B;
  if (v.BS !== undefined) return new Set(v.BS);
  throw new Error(`unknown DynamoDB attribute value: ${JSON.stringify(v)}`);
}

export function fromStored(item: Stored): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(item)) out[name] = fromAttr(v);
  return out;
}

export function toAttr(value: unknown): AttributeValue | undefined {
  if (value === undefined) return undefined;
  if (value === null) return { NULL: true };
  if (typeof value === "string") return { S: value };
  if (typeof value === "number") return { N: String(value) };
  if (typeof value === "boolean") return { BOOL: value };
  if (Array.isArray(value)) return { L: value.map(toAttr).filter((v) => v !== undefined) };
  if (value instanceof Set) {
    const all = [...(value as Set<unknown>)];
    return all.every((x) => typeof x === "number") ? { NS: all.map(String) } : { SS: all.map(String) };
  }
  if (typeof value === "object") return { M: toStored(value as Record<string, unknown>) };
  throw new Error(`cannot store a ${typeof value} in DynamoDB`);
}

export function toStored(values: Record<string, unknown>): Stored {
  const out: Stored = {};
  for (const [name, v] of Object.entries(values)) {
    const attr = toAttr(v);
    if (attr) out[name] = attr;
  }
  return out;
}
