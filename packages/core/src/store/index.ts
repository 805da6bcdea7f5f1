import { Config } from "../config/index";
import { Db, UniqueEntity, UserEntity, type StoreItem } from "../db/entities";
import { ConflictError, ForbiddenError } from "../errors";
import { requireFeature } from "../plan/gate";
import { AGAIN, jitter, retry } from "../retry";
import { parseInput } from "../validation";
import { storeOf } from "./branding";
import { STORE_HANDLE_SCOPE } from "./handle";
import { StoreInput } from "./input";
import type { Billing, Interval } from "../product/tiers";

/**
 * Storefronts: one public page per creator at /s/{handle} listing their buyable products.
 * A handle is held through a UniqueEntity claim written in the SAME transaction as the
 * store, so two creators can never end up with one handle, and a changed handle frees the
 * old one in that transaction too.
 */
export namespace Store {
  export const HANDLE_SCOPE = STORE_HANDLE_SCOPE;
  export const TAKEN = "That handle is taken. Please choose another.";

  export interface Info {
    handle: string;
    bio: string;
    avatar_url: string | null;
    accent_color: string | null;
    url: string;
    created_at: string;
    updated_at: string;
  }

  function serialize(s: StoreItem): Info {
    return {
      handle: s.handle,
      bio: s.bio ?? "",
      avatar_url: s.avatar_url ?? null,
      accent_color: s.accent_color ?? null,
      url: `${Config.siteUrl()}/s/${s.handle}`,
      created_at: s.created_at,
      updated_at: s.updated_at,
    };
  }

  /** GET /api/store: the caller's own store, or null before they create one. */
  export async function mine(userId: string): Promise<Info | null> {
    const s = await storeOf(userId);
    return s ? serialize(s) : null;
  }

  const claimKey = (handle: string) => ({ scope: HANDLE_SCOPE, value: handle });
  const ownerOf = async (handle: string) => (await UniqueEntity.get(claimKey(handle)).go()).data?.owner_id ?? null;

  /** PUT /api/store {handle, bio, avatar_url?, accent_color?}: creates or updates the caller's store. */
  export async function save(userId: string, input: unknown): Promise<Info> {
    const data = parseInput(StoreInput, input);
    const user = (await UserEntity.get({ id: userId }).go()).data;
    if (!user) throw new ForbiddenError("Please finish setting up your account first.");
    if (data.accent_color) requireFeature(user, "custom_branding");

    return retry<Info>(
      async () => {
        const current = await storeOf(userId);
        const moving = current?.handle !== data.handle;
        const holder = moving ? await ownerOf(data.handle) : null;
        if (holder && holder !== userId) throw new ConflictError("store.handle_taken", TAKEN);
        // A claim already ours (a retried save) is kept rather than created again.
        const claim = moving && holder !== userId;
        const fields = {
          handle: data.handle,
          bio: data.bio,
          ...(data.avatar_url ? { avatar_url: data.avatar_url } : {}),
          ...(data.accent_color ? { accent_color: data.accent_color } : {}),
        };
        // A field left out (or sent empty) is cleared.
        const cleared = (["avatar_url", "accent_color"] as const).filter((f) => !data[f]);
        const result = await Db.transaction
          .write(({ store, unique }) => [
            current
              ? store
                  .patch({ user_id: userId })
                  .set(fields)
                  .remove(cleared)
                  // Stale read (a concurrent save moved the handle): read again.
                  .where((a, op) => op.eq(a.handle, current.handle))
                  .commit()
              : store.create({ user_id: userId, ...fields }).commit(),
            ...(claim ? [unique.create({ ...claimKey(data.handle), owner_id: userId }).commit()] : []),
            ...(moving && current
              ? [
                  unique
                    .delete(claimKey(current.handle))
                    .where((a, op) => op.eq(a.owner_id, userId))
                    .commit(),
                ]
              : []),
          ])
          .go();
        if (!result.canceled) return serialize((await storeOf(userId))!);
        const codes = result.data.map((d: { code?: string }) => d.code ?? "None");
        if (claim && codes[1] === "ConditionalCheckFailed") {
          // Someone claimed it between our read and our write (or it is ours from a retry).
          const holder = await ownerOf(data.handle);
          if (holder && holder !== userId) throw new ConflictError("store.handle_taken", TAKEN);
        }
        return AGAIN;
      },
      {
        attempts: 8,
        delayMs: jitter(10, 25),
        exhausted: () => new ConflictError("store.save_conflict", "Your store changed meanwhile. Please try again."),
      },
    );
  }

  export interface PublicProduct {
    id: string;
    name: string;
    headline: string;
    /** minor units of `currency`; the minimum for pay-what-you-want products */
    price: number;
    currency: string;
    /** The buyer chooses the amount, at least `price` (shown as "$5.00+"). */
    pay_what_you_want: boolean;
    image_url: string | null;
    /** A membership's `price` is what its tiers start at, charged every `price_interval` ("$9 / month"). */
    billing: Billing;
    /** The billing period of that lowest price; null for a one-time product. */
    price_interval: Interval | null;
    /** A membership sold at more than one price (tiers or periods): the card says "from $5 / month". */
    price_varies: boolean;
  }

  export interface PublicView {
    store: {
      /** The creator: the buyer's cart is kept per creator (rule: Carts). */
      creator_id: string;
      handle: string;
      name: string;
      bio: string;
      avatar_url: string | null;
      accent_color: string | null;
      powered_by: boolean;
    };
    products: PublicProduct[];
  }
}
