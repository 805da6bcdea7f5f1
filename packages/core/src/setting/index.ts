import * as z from "zod/mini";
import "../zod";
import { SettingEntity } from "../db/entities";
import { ValidationError } from "../errors";
import {
  CATEGORIES as SETTING_CATEGORIES,
  DEFINITIONS as SETTING_DEFINITIONS,
  RENAMED,
  currentValue,
  definition,
  legacyOf,
  type Category as SettingCategory,
} from "./definitions";
import { publicStatus as readPublicStatus } from "./public";
import { forgetRecent, recentValue } from "./recent";

/**
 * Platform settings (admin System Settings; rules: Maintenance mode, Product approval, Commission).
 * Every key has an in-code default, so a fresh stage works before anything is seeded; a stored item overrides it.
 * Values are read per request, so a change takes effect on the next call; the few read on
 * every request are kept a few seconds per instance instead (recentBool).
 */
export namespace Setting {
  export const CATEGORIES = SETTING_CATEGORIES;
  export type Category = SettingCategory;
  export const DEFINITIONS = SETTING_DEFINITIONS;
  export type Key = keyof typeof DEFINITIONS;
  export const KEYS = Object.keys(DEFINITIONS) as Key[];

  export const isKey = (key: unknown): key is Key => typeof key === "string" && key in DEFINITIONS;

  const current = (key: string): string => RENAMED[key] ?? key;

  export const Info = z.object({
    id: z.string(),
    setting_key: z.string(),
    setting_value: z.string(),
    description: z.string(),
    category: z.enum(CATEGORIES),
    updated_at: z.nullable(z.string()),
  });
  export type Info = z.infer<typeof Info>;

  function serialize(key: Key, stored?: { value: string; updated_at?: string }): Info {
    const def = definition(key);
    return {
      id: key,
      setting_key: key,
      setting_value: stored ? currentValue(key, stored.value) : def.default,
      description: def.description,
      category: def.category,
      updated_at: stored?.updated_at ?? null,
    };
  }

  /** The current value of a setting as stored text (its default when never set). */
  export async function get(key: Key): Promise<string> {
    const legacy = legacyOf(key);
    const [item, old] = await Promise.all([
      SettingEntity.get({ key }).go(),
      legacy ? SettingEntity.get({ key: legacy }).go() : undefined,
    ]);
    const stored = item.data?.value ?? old?.data?.value;
    return stored === undefined ? definition(key).default : currentValue(key, stored);
  }

  export async function bool(key: Key): Promise<boolean> {
    return (await get(key)) === "true";
  }

  /** A boolean setting as this instance read it in the last `maxAgeMs` (setting/recent.ts). */
  export async function recentBool(key: Key, maxAgeMs: number): Promise<boolean> {
    return (await recentValue(key, maxAgeMs)) === "true";
  }

  export async function number(key: Key): Promise<number> {
    const n = Number(await get(key));
    return Number.isFinite(n) ? n : Number(definition(key).default);
  }

  /** Every known setting (stored or default), in the order of DEFINITIONS. One Query. */
  export async function list(): Promise<Info[]> {
    const stored = await SettingEntity.query.primary({}).go({ pages: "all" });
    const byKey = new Map(stored.data.map((s) => [s.key, s]));
    return KEYS.map((key) => serialize(key, byKey.get(key) ?? byKey.get(legacyOf(key) ?? "")));
  }

  /** Turns what a form sent into the stored text, or says what to fix (400). */
  export function normalize(name: string, value: unknown): string {
    const key = current(name);
    if (!isKey(key)) throw new ValidationError(`Unknown setting "${name}".`, "setting.unknown");
    const def = definition(key);
    const text =
      typeof value === "string"
        ? value.trim()
        : typeof value === "number" || typeof value === "boolean"
          ? String(value)
          : undefined;
    if (text === undefined) throw new ValidationError(`Please enter a value for ${key}.`, "setting.invalid");
    switch (def.kind) {
      case "number": {
        const n = Number(text);
        if (text === "" || !Number.isFinite(n))
          throw new ValidationError(`${key} must be a number.`, "setting.invalid");
        if ((def.min !== undefined && n < def.min) || (def.max !== undefined && n > def.max))
          throw new ValidationError(`${key} must be between ${def.min} and ${def.max}.`, "setting.invalid");
        return String(n);
      }
      case "boolean":
        if (text !== "true" && text !== "false")
          throw new ValidationError(`${key} must be true (Enabled) or false (Disabled).`, "setting.invalid");
        return text;
      case "email":
        if (!z.email().safeParse(text).success)
          throw new ValidationError(`${key} must be a valid e-mail address.`, "setting.invalid");
        return text.toLowerCase();
      case "color":
        if (!/^#[0-9a-fA-F]{6}$/.test(text))
          throw new ValidationError(`${key} must be a hex colour like #4f46e5.`, "setting.invalid");
        return text.toLowerCase();
      case "text": {
        if (!text && !def.optional) throw new ValidationError(`Please enter a value for ${key}.`, "setting.invalid");
        const max = def.maxLength ?? 200;
        if (text.length > max)
          throw new ValidationError(`${key} must be at most ${max} characters.`, "setting.invalid");
        return text;
      }
      case "multiline": {
        // Keep the template's own line breaks and indentation; only require some content.
        const raw = typeof value === "string" ? value : text;
        if (!raw.trim() && !def.optional)
          throw new ValidationError(`Please enter a value for ${key}.`, "setting.invalid");
        const max = def.maxLength ?? 20000;
        if (raw.length > max) throw new ValidationError(`${key} must be at most ${max} characters.`, "setting.invalid");
        return raw.trim() ? raw : "";
      }
    }
  }

  /** Saves one setting (PUT /api/admin/settings). */
  export async function set(input: { key: string; value: unknown; updatedBy?: string }): Promise<Info> {
    const value = normalize(input.key, input.value);
    const key = current(input.key) as Key;
    const def = definition(key);
    const saved = await SettingEntity.upsert({
      key,
      value,
      category: def.category,
      description: def.description,
      updated_by: input.updatedBy,
    }).go({ response: "all_new" });
    forgetRecent(key);
    return serialize(key, saved.data as { value: string; updated_at?: string });
  }

  /** Writes every missing default (seed); existing values are left alone. */
  export async function seedDefaults(): Promise<void> {
    const items = (await SettingEntity.query.primary({}).go({ pages: "all" })).data;
    const stored = new Map(items.map((s) => [s.key, s.value]));
    for (const key of KEYS) {
      if (stored.has(key)) continue;
      const def = definition(key);
      const legacy = legacyOf(key);
      const value = (legacy && stored.get(legacy)) ?? def.default;
      await SettingEntity.create({ key, value, category: def.category, description: def.description })
        .go()
        .catch((err: unknown) => {
          // A concurrent seed created it first: that is fine, it only has to exist.
          if (!String((err as Error).message).includes("conditional")) throw err;
        });
    }
    for (const old of Object.keys(RENAMED)) if (stored.has(old)) await SettingEntity.delete({ key: old }).go();
  }

  /** Public, anonymous subset (GET /api/public/status), read without ElectroDB (./public.ts). */
  export const publicStatus = readPublicStatus;
}
