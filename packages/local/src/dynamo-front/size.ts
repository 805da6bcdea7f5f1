/**
 * DynamoDB's item size, as its developer guide states it ("Item sizes and formats",
 * CapacityUnitCalculations): attribute names plus values, strings and binaries by their
 * bytes, numbers one byte per two significant digits plus one, booleans and nulls one byte,
 * lists and maps 3 bytes plus one per element. Capacity is charged on this size, rounded up
 * to 1 KB for writes and 4 KB for reads.
 */
export type AttributeValue = Record<string, unknown>;
export type Item = Record<string, AttributeValue>;

const utf8 = (s: string) => Buffer.byteLength(s, "utf8");

function numberSize(n: string): number {
  const digits = n.replace(/^-/, "").replace(/e.*$/i, "").replace(".", "").replace(/^0+/, "").replace(/0+$/, "");
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
}

export function valueSize(v: AttributeValue): number {
  if (typeof v.S === "string") return utf8(v.S);
  if (typeof v.N === "string") return numberSize(v.N);
  if (typeof v.B === "string") return Buffer.from(v.B, "base64").length;
  if ("BOOL" in v || "NULL" in v) return 1;
  if (Array.isArray(v.SS)) return v.SS.reduce((s: number, x: string) => s + utf8(x), 0);
  if (Array.isArray(v.NS)) return v.NS.reduce((s: number, x: string) => s + numberSize(x), 0);
  if (Array.isArray(v.BS)) return v.BS.reduce((s: number, x: string) => s + Buffer.from(x, "base64").length, 0);
  if (Array.isArray(v.L)) return 3 + (v.L as AttributeValue[]).reduce((s, x) => s + 1 + valueSize(x), 0);
  if (v.M && typeof v.M === "object")
    return 3 + Object.entries(v.M as Item).reduce((s, [k, x]) => s + 1 + utf8(k) + valueSize(x), 0);
  return 1;
}

export function itemSize(item: Item): number {
  let size = 0;
  for (const [name, value] of Object.entries(item)) size += utf8(name) + valueSize(value);
  return size;
}

/** Write units of one item write: per started KB (a failed conditional write of a new item: 1). */
export const writeUnits = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));
/** Read units of `bytes` read strongly: per started 4 KB (a missing item still costs one). */
export const readUnits = (bytes: number) => Math.max(1, Math.ceil(bytes / 4096));
