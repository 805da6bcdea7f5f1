/**
 * Values a warm instance keeps for a few seconds instead of reading them on every request (the
 * sales page's seller), each tied to the stored items it was made from. A write to one of those
 * items made on this instance forgets it at once (ElectroDB reports every write it is about to
 * make: `forgetWritten`, a listener in entities/model.ts); a write made elsewhere shows when the
 * value's time is up.
 */
const kept = new Map<string, { value: unknown; until: number; items: string[] }>();
const MAX_KEPT = 1_000;
let writes = 0; // a read that overlapped a write must not keep what it read

const itemId = (key: Record<string, unknown>) => `${String(key.pk)}|${String(key.sk)}`;

export async function keep<T>(
  name: string,
  items: Record<string, unknown>[],
  opts: { maxAgeMs: number; keepIf?: (value: T) => boolean },
  read: () => Promise<T>,
): Promise<T> {
  const hit = kept.get(name);
  if (hit && hit.until > Date.now()) return hit.value as T;
  const before = writes;
  const value = await read();
  kept.delete(name);
  if (before === writes && (opts.keepIf?.(value) ?? true)) {
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(name, { value, until: Date.now() + opts.maxAgeMs, items: items.map(itemId) });
  }
  return value;
}

const WRITES = new Set([
  "put",
  "create",
  "update",
  "patch",
  "upsert",
  "delete",
  "remove",
  "batchWrite",
  "transactWrite",
]);

/** The keys (pk and sk) anywhere in a write's parameters: an Item, a Key, a transaction's parts. */
function keysIn(value: unknown, found: string[], depth = 0) {
  if (!value || typeof value !== "object" || depth > 6) return;
  const v = value as Record<string, unknown>;
  if (typeof v.pk === "string" && typeof v.sk === "string") found.push(itemId(v));
  for (const child of Object.values(v)) keysIn(child, found, depth + 1);
}

/** ElectroDB listener: forgets every kept value made from an item this write changes. */
export function forgetWritten(event: { type: string; method: string; params?: unknown }) {
  if (event.type !== "query" || !WRITES.has(event.method)) return;
  const written: string[] = [];
  keysIn(event.params, written);
  if (!written.length) return;
  writes++;
  for (const [name, entry] of kept) if (entry.items.some((i) => written.includes(i))) kept.delete(name);
}
