import { createHash, randomBytes, randomUUID } from "node:crypto";
import * as z from "zod";
import { Config } from "../config/index";
import { ApiKeyEntity, type ApiKeyItem, type UserItem } from "../db/entities";
import { userById } from "../user/read";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors";
import { requireFeature } from "../plan/gate";
import { hasUnsafeCharacters, parseInput, unsafeNameMessage } from "../validation";

/**
 * API keys for the public REST API (Business, lifetime and admins; rule: Features by plan). A key is
 * 32 random bytes behind a `pl_live_` (production) or `pl_test_` (every other stage) prefix.
 * Only its SHA-256 is stored: with 256 bits of randomness a fast hash is enough (nobody can
 * guess a key to match it), and a slow password hash would only slow every API call down.
 * The key itself is answered once, by create.
 */
export namespace ApiKey {
  export const MAX_KEYS = 20;
  /** Per key, counted by THE rate limit (core/rate-limit): a runaway script cannot starve the others. */
  export const RATE_LIMIT = { bucket: "api-key", limit: 120, windowSeconds: 60 } as const;
  /** How stale `last_used_at` may be before a call writes it again (one write a minute at most). */
  const TOUCH_EVERY_MS = 60_000;
  const KEY_SHAPE = /^pl_(live|test)_[A-Za-z0-9_-]{43}$/;

  export const Info = z.object({
    id: z.string(),
    name: z.string(),
    /** The key's first characters, to recognise it. */
    prefix: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
  });
  export type Info = z.infer<typeof Info>;

  export const CreateInput = z.object({
    name: z
      .string("Please give the key a name, e.g. the app that will use it.")
      .trim()
      .min(1, "Please give the key a name, e.g. the app that will use it.")
      .max(60, "A key's name can be at most 60 characters.")
      .refine((name) => !hasUnsafeCharacters(name), unsafeNameMessage("A key's name")),
  });

  const notFound = () => new NotFoundError("api_key.not_found", "API key not found.");

  function serialize(k: ApiKeyItem): Info {
    return {
      id: k.id,
      name: k.name,
      prefix: k.prefix,
      created_at: k.created_at,
      last_used_at: k.last_used_at ?? null,
    };
  }

  export const hash = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");
  const mode = () => (Config.isProduction() ? "live" : "test");

  async function owner(userId: string): Promise<UserItem> {
    const user = await userById(userId);
    if (!user) throw new ForbiddenError("Please finish setting up your account first.");
    requireFeature(user, "api_keys");
    return user;
  }

  async function keysOf(userId: string): Promise<ApiKeyItem[]> {
    return (await ApiKeyEntity.query.byUser({ user_id: userId }).go({ order: "desc", pages: "all" })).data;
  }

  /** POST /api/api-keys {name} -> the key in clear, this once, with its listing fields. */
  export async function create(userId: string, input: unknown): Promise<Info & { key: string }> {
    // The plan first: a creator without the feature is offered the upgrade, not a form error.
    await owner(userId);
    const { name } = parseInput(CreateInput, input, { prefixField: true });
    if ((await keysOf(userId)).length >= MAX_KEYS) {
      throw new ConflictError(
        "api_key.limit",
        `You can have at most ${MAX_KEYS} API keys. Revoke one you no longer use first.`,
      );
    }
    const key = `pl_${mode()}_${randomBytes(32).toString("base64url")}`;
    const created = await ApiKeyEntity.create({
      key_hash: hash(key),
      id: `key_${randomUUID().replaceAll("-", "").slice(0, 20)}`,
      user_id: userId,
      name,
      prefix: key.slice(0, 12),
    }).go();
    return { ...serialize(created.data), key };
  }

  /** GET /api/api-keys: name, prefix, created and last used; never the key. */
  export async function list(userId: string): Promise<Info[]> {
    await owner(userId);
    return (await keysOf(userId)).map(serialize);
  }

  /** DELETE /api/api-keys/{id}: the key stops working on its next call. */
  export async function revoke(userId: string, id: string): Promise<void> {
    await owner(userId);
    const item = (await keysOf(userId)).find((k) => k.id === id);
    if (!item) throw notFound();
    await ApiKeyEntity.delete({ key_hash: item.key_hash })
      .where((a, op) => op.eq(a.user_id, userId))
      .go();
  }

  /**
   * The key's owner, or null for anything that is not a live key of this stage. The read is
   * strongly consistent, so a key revoked a moment ago is already refused.
   */
  export async function authenticate(presented: string): Promise<{ key: Info; user: UserItem } | null> {
    if (!KEY_SHAPE.test(presented) || !presented.startsWith(`pl_${mode()}_`)) return null;
    const item = (await ApiKeyEntity.get({ key_hash: hash(presented) }).go({ consistent: true })).data;
    if (!item) return null;
    const user = await userById(item.user_id);
    if (!user) return null;
    await touch(item);
    return { key: serialize(item), user };
  }

  /** Records "last used" at most once a minute per key; a lost race or a revoke in between is fine. */
  async function touch(item: ApiKeyItem) {
    const now = new Date();
    if (item.last_used_at && now.getTime() - Date.parse(item.last_used_at) < TOUCH_EVERY_MS) return;
    await ApiKeyEntity.patch({ key_hash: item.key_hash })
      .set({ last_used_at: now.toISOString() })
      .go()
      .catch(() => {});
  }
}
