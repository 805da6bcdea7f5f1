import type { SettingItem } from "../db/entities/setting";
import { batchGetItems } from "../db/lean/items";
import { settingSchema } from "../db/schemas/setting";
import { currentValue, definition, legacyOf, type Key } from "./definitions";

/**
 * GET /api/public/status, which every page of the site reads: the public settings in one
 * BatchGetItem through the lean layer (no ElectroDB in its Lambda), each read as Setting.list
 * reads it: the stored value (under its old name if only that was saved), else its default.
 */
const PUBLIC = [
  "maintenance_mode",
  "support_email",
  "site_name",
  "primary_color",
  "testimonial_quote",
  "testimonial_author",
  "testimonial_role",
] as const satisfies readonly Key[];

async function values<K extends Key>(keys: readonly K[]): Promise<Record<K, string>> {
  const names = keys.flatMap((key) => [key, legacyOf(key)].filter((k): k is string => !!k));
  const found = (await batchGetItems(
    names.map((key) => ({ schema: settingSchema, key: { key } })),
  )) as (SettingItem | null)[];
  const stored = new Map(found.filter((s) => s !== null).map((s) => [s.key, s.value]));
  const valueOf = (key: K) => {
    const value = stored.get(key) ?? stored.get(legacyOf(key) ?? "");
    return value === undefined ? definition(key).default : currentValue(key, value);
  };
  return Object.fromEntries(keys.map((key) => [key, valueOf(key)])) as Record<K, string>;
}

export async function publicStatus() {
  const v = await values(PUBLIC);
  const quote = v.testimonial_quote.trim();
  return {
    maintenance_mode: v.maintenance_mode === "true",
    support_email: v.support_email,
    site_name: v.site_name,
    primary_color: v.primary_color,
    // Hidden while the admin has not given one (rule: Honest social proof).
    testimonial: quote ? { quote, author: v.testimonial_author, role: v.testimonial_role } : null,
  };
}
