import * as z from "zod";
import { SettingEntity } from "../db/entities";
import { ValidationError } from "../errors";

/**
 * Platform settings (admin System Settings, DECISIONS 15–17). Every key has an in-code
 * default, so a fresh stage works before anything is seeded; a stored item overrides it.
 * Values are read per request, so a change takes effect on the next call; the few read on
 * every request are kept a few seconds per instance instead (recentBool).
 */
export namespace Setting {
  export const CATEGORIES = ["branding", "contact", "finance", "emails", "moderation", "limits", "system"] as const;
  export type Category = (typeof CATEGORIES)[number];
  type Kind = "number" | "boolean" | "email" | "color" | "text" | "multiline";

  interface Definition {
    category: Category;
    kind: Kind;
    default: string;
    description: string;
    min?: number;
    max?: number;
  }

  /** Placeholders: see purchase/receipt-template.ts (RECEIPT_PLACEHOLDERS). */
  const RECEIPT_TEMPLATE = [
    "Hi {{customer_name}},",
    "",
    "Thank you for buying {{product_name}} for {{amount}} on {{date}}.",
    "Open your content any time: {{access_url}}",
    "Every purchase stays in your customer portal: {{portal_url}}",
    "",
    "Questions? Reply to this e-mail or write to {{support_email}}.",
    "— The {{site_name}} team",
  ].join("\n");

  export const DEFINITIONS = {
    site_name: {
      category: "branding",
      kind: "text",
      default: "Payloft",
      description: "Name shown in the site header and e-mails",
    },
    primary_color: {
      category: "branding",
      kind: "color",
      default: "#4f46e5",
      description: "Brand colour (hex, e.g. #4f46e5)",
    },
    support_email: {
      category: "contact",
      kind: "email",
      default: "support@payloft.local",
      description: "Where customers can reach support",
    },
    commission_rate: {
      category: "finance",
      kind: "number",
      default: "5",
      min: 0,
      max: 100,
      description: "Platform commission in percent of revenue",
    },
    receipt_email_template: {
      category: "emails",
      kind: "multiline",
      default: RECEIPT_TEMPLATE,
      description:
        "Message at the top of the purchase receipt e-mail. Placeholders: {{customer_name}}, {{product_name}}, {{amount}}, {{date}}, {{access_url}} (your buyer's access link), {{portal_url}}, {{support_email}}, {{site_name}}",
    },
    auto_approve_products: {
      category: "moderation",
      kind: "boolean",
      default: "true",
      description: "Approve new products automatically (when disabled they wait for review)",
    },
    max_file_size: {
      category: "limits",
      kind: "number",
      default: "500",
      min: 1,
      // S3 takes at most 5 GB in one upload (a presigned POST).
      max: 5120,
      description: "Largest file a creator can upload for a product, in MB (at most 5120)",
    },
    maintenance_mode: {
      category: "system",
      kind: "boolean",
      default: "false",
      description: "Only admins can use the site while enabled",
    },
  } satisfies Record<string, Definition>;

  export type Key = keyof typeof DEFINITIONS;
  export const KEYS = Object.keys(DEFINITIONS) as Key[];
  const definition = (key: Key): Definition => DEFINITIONS[key];

  export const isKey = (key: unknown): key is Key => typeof key === "string" && key in DEFINITIONS;

  /**
   * Keys that were renamed, old → new. A stage that stored the old key keeps its value: reads
   * fall back to it until the new key is saved, a save under the old name saves the new one,
   * and the seed moves it over (then deletes the old item).
   */
  const RENAMED: Record<string, Key> = { max_upload_size: "max_file_size" };
  const legacyOf = (key: Key) => Object.keys(RENAMED).find((old) => RENAMED[old] === key);
  const current = (key: string): string => RENAMED[key] ?? key;

  export const Info = z.object({
    id: z.string(),
    setting_key: z.string(),
    setting_value: z.string(),
    description: z.string(),
    category: z.enum(CATEGORIES),
    updated_at: z.string().nullable(),
  });
  export type Info = z.infer<typeof Info>;

  function serialize(key: Key, stored?: { value: string; updated_at?: string }): Info {
    const def = definition(key);
    return {
      id: key,
      setting_key: key,
      setting_value: stored?.value ?? def.default,
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
    return item.data?.value ?? old?.data?.value ?? definition(key).default;
  }

  export async function bool(key: Key): Promise<boolean> {
    return (await get(key)) === "true";
  }

  /*
   * Settings every request checks (the maintenance gate) are kept by each warm instance for a
   * few seconds instead of read per request: one DynamoDB read less on every call. A change
   * reaches this instance at once when saved here (set() below) and other instances within
   * `maxAgeMs` (DECISIONS 15: maintenance mode starts within seconds, not at the next call).
   */
  const recent = new Map<Key, { value: string; until: number }>();
  let saves = 0; // a read that started before a save must not keep its older value

  /** A boolean setting as this instance read it in the last `maxAgeMs`. */
  export async function recentBool(key: Key, maxAgeMs: number): Promise<boolean> {
    const kept = recent.get(key);
    if (kept && kept.until > Date.now()) return kept.value === "true";
    const before = saves;
    const value = await get(key);
    if (before === saves) recent.set(key, { value, until: Date.now() + maxAgeMs });
    return value === "true";
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
      case "text":
        if (!text) throw new ValidationError(`Please enter a value for ${key}.`, "setting.invalid");
        if (text.length > 200) throw new ValidationError(`${key} must be at most 200 characters.`, "setting.invalid");
        return text;
      case "multiline": {
        // Keep the template's own line breaks and indentation; only require some content.
        const raw = typeof value === "string" ? value : text;
        if (!raw.trim()) throw new ValidationError(`Please enter a value for ${key}.`, "setting.invalid");
        if (raw.length > 20000)
          throw new ValidationError(`${key} must be at most 20000 characters.`, "setting.invalid");
        return raw;
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
    saves++; // a read in flight during the write may hold the old value: not kept
    recent.delete(key);
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

  /** Public, anonymous subset (GET /api/public/status). */
  export async function publicStatus() {
    const all = await list();
    const value = (k: Key) => all.find((s) => s.setting_key === k)!.setting_value;
    return {
      maintenance_mode: value("maintenance_mode") === "true",
      support_email: value("support_email"),
      site_name: value("site_name"),
      primary_color: value("primary_color"),
    };
  }
}
