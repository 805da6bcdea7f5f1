import type { SettingItem } from "../db/entities/setting";
import { getItem } from "../db/lean/items";
import { settingSchema } from "../db/schemas/setting";
import { definition, legacyOf, type Key } from "./definitions";

/*
 * Settings every request checks (the maintenance gate) are kept by each warm instance for a
 * few seconds instead of read per request: one DynamoDB read less on every call. A change
 * reaches this instance at once when saved here (Setting.set forgets it) and other instances
 * within `maxAgeMs` (maintenance mode starts within seconds, not at the next call; rule: Maintenance mode).
 * Read through the lean layer, so the request wrapper carries no ElectroDB.
 */
const recent = new Map<Key, { value: string; until: number }>();
let saves = 0; // a read that started before a save must not keep its older value

/** The stored text of a setting (under its old name if only that was saved; else its default). */
async function read(key: Key): Promise<string> {
  const legacy = legacyOf(key);
  const [item, old] = await Promise.all([
    getItem<SettingItem>(settingSchema, { key }),
    legacy ? getItem<SettingItem>(settingSchema, { key: legacy }) : null,
  ]);
  return item?.value ?? old?.value ?? definition(key).default;
}

/** A setting's value as this instance read it in the last `maxAgeMs`. */
export async function recentValue(key: Key, maxAgeMs: number): Promise<string> {
  const kept = recent.get(key);
  if (kept && kept.until > Date.now()) return kept.value;
  const before = saves;
  const value = await read(key);
  if (before === saves) recent.set(key, { value, until: Date.now() + maxAgeMs });
  return value;
}

/** After a save: the next read on this instance goes to the table. */
export function forgetRecent(key: Key) {
  saves++; // a read in flight during the write may hold the old value: not kept
  recent.delete(key);
}
