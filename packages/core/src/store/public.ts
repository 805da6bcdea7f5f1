import { currencyOf } from "../currency/units";
import type { ProductItem } from "../db/entities/product";
import type { UserItem } from "../db/entities/user";
import type { StoreItem } from "../db/entities/store";
import { getItem } from "../db/lean/items";
import { queryBetween } from "../db/lean/query";
import { productSchema } from "../db/schemas/product";
import { uniqueSchema } from "../db/schemas/unique";
import { NotFoundError } from "../errors";
import { mediaImage } from "../product/media";
import { billingOf } from "../product/tiers";
import { userById } from "../user/read";
import { brandingOf, storeOf } from "./branding";
import { STORE_HANDLE_SCOPE, handleOf } from "./handle";
import type { Store } from "./index";

/**
 * The public store read (GET /api/public/stores/{handle} and the store page the page Lambda
 * renders), apart from the Store namespace and through the lean layer, as the sales page's
 * product read is: the page Lambda and public-store carry neither ElectroDB nor the store's
 * input schema (docs/performance.md, Lambda bundles). Same reads, same answer as before.
 */

/** The owner of a handle when their store can be shown (an active account), else null. */
export async function resolveStore(rawHandle: string): Promise<{ store: StoreItem; owner: UserItem } | null> {
  const handle = handleOf(rawHandle);
  if (!handle) return null;
  const claim = await getItem<{ owner_id: string }>(uniqueSchema, { scope: STORE_HANDLE_SCOPE, value: handle });
  if (!claim) return null;
  const [store, owner] = await Promise.all([storeOf(claim.owner_id), userById(claim.owner_id)]);
  if (!store || !owner || owner.deactivated) return null;
  return { store, owner };
}

/** A membership's lowest price and its period (the product's `price` is that amount). */
function startingPrice(p: Pick<ProductItem, "billing" | "tiers">) {
  const { billing, tiers } = billingOf(p);
  const prices = tiers.flatMap((t) => t.prices).sort((a, b) => a.amount - b.amount);
  const recurring = billing === "recurring";
  const distinct = new Set(prices.map((x) => `${x.amount}/${x.interval}`)).size;
  return {
    billing,
    price_interval: recurring ? (prices[0]?.interval ?? null) : null,
    price_varies: recurring && distinct > 1,
  };
}

/**
 * The store with its branding and the creator's products that can be bought now (active and
 * approved), newest first: one Query on the creator's own products (their byCreator index, every
 * page), bounded by their plan's product limit.
 */
export async function storePublicView(handle: string): Promise<Store.PublicView> {
  const found = await resolveStore(handle);
  if (!found) throw new NotFoundError("store.not_found", "Store not found");
  const { store, owner } = found;
  const branding = brandingOf(store, owner);
  // created_at is an ISO time: "0" to "~" spans every one, as ElectroDB's begins_with would.
  const products = await queryBetween<ProductItem>(
    productSchema,
    { creator_id: owner.id },
    { created_at: "0" },
    { created_at: "~" },
    "byCreator",
  );
  return {
    store: {
      creator_id: owner.id,
      handle: store.handle,
      name: owner.name ?? "",
      bio: store.bio ?? "",
      avatar_url: store.avatar_url ?? null,
      accent_color: branding.accent_color,
      powered_by: branding.powered_by,
    },
    products: products
      .reverse()
      .filter((p) => p.is_active && p.moderation_status === "approved")
      .map((p) => ({
        id: p.id,
        name: p.name,
        headline: p.headline ?? "",
        price: p.price,
        currency: currencyOf(p.currency),
        pay_what_you_want: p.pay_what_you_want ?? false,
        image_url: mediaImage(p.media_type, p.media_url),
        ...startingPrice(p),
      })),
  };
}
