import type { ProductItem } from "../db/entities/product";
import type { StoreItem } from "../db/entities/store";
import type { UserItem } from "../db/entities/user";
import { batchGetItems, getItem } from "../db/lean/items";
import { keep } from "../db/lean/kept";
import { keyOf } from "../db/lean/schema";
import type { CounterItem } from "../db/entities/counter";
import { counterSchema } from "../db/schemas/counter";
import { productSchema } from "../db/schemas/product";
import { storeSchema } from "../db/schemas/store";
import { userSchema } from "../db/schemas/user";
import { currencyOf } from "../currency/units";
import { brandingOf, type Branding } from "../store/branding";
import { userById } from "../user/read";
import { productNotFound } from "./not-found";
import { billingOf } from "./tiers";
import { kindOf } from "./kind";

/**
 * The sales page's read path, through the lean layer (no ElectroDB in its Lambda): the product,
 * then its seller and store in one BatchGetItem, whose public face is then kept a few seconds.
 */

/** Why a product cannot be bought right now, or null when it can (rules: Deactivation; Product approval). */
export async function unavailableReason(p: ProductItem, known?: { sellerAvailable: boolean }): Promise<string | null> {
  if (!p.is_active) return "inactive";
  if (p.moderation_status !== "approved") return "not_approved";
  // `known`: the sales page has read the seller already; checkout reads it fresh.
  const available = known ? known.sellerAvailable : isAvailable(await userById(p.creator_id));
  return available ? null : "seller_unavailable";
}

const isAvailable = (seller: UserItem | null) => !!seller && !seller.deactivated;

/** What a sales page shows of its seller. */
interface SellerFace {
  name: string;
  branding: Branding;
  available: boolean;
}

/*
 * Each warm instance keeps a seller's face for a few seconds: a popular sales page is read by many
 * buyers at once, and this makes each view one read (the product) instead of two. A seller's
 * change (name, branding, plan) shows within SELLER_KEPT_MS (at once when made on this instance:
 * db/lean/kept.ts). Deactivation also pauses the seller's products, which are always read fresh,
 * so a deactivated seller's page stops selling at once; an unavailable seller is not kept, so a
 * reactivated one sells again at once. Checkout reads the seller fresh (unavailableReason).
 */
export const SELLER_KEPT_MS = 5_000;

function sellerFace(creatorId: string): Promise<SellerFace> {
  const user = { schema: userSchema, key: { id: creatorId } };
  const store = { schema: storeSchema, key: { user_id: creatorId } };
  const items = [keyOf(user.schema, user.key), keyOf(store.schema, store.key)];
  return keep(`seller#${creatorId}`, items, { maxAgeMs: SELLER_KEPT_MS, keepIf: (f) => f.available }, async () => {
    const [seller, found] = (await batchGetItems([user, store])) as [UserItem | null, StoreItem | null];
    return { name: seller?.name ?? "", branding: brandingOf(found, seller), available: isAvailable(seller) };
  });
}

/** The seller of a product (GET /api/public/payment-info/{id}, which the sales page reads too). */
export async function productCreatorOf(id: string): Promise<string> {
  const p = id ? await getItem<ProductItem>(productSchema, { id }) : null;
  if (!p) throw productNotFound();
  return p.creator_id;
}

/**
 * The product's sales since the figures fold counts them (core/src/tally: its counter
 * `product#<id>`), kept like the seller's face: "{n} customers" is at most SELLER_KEPT_MS behind,
 * within the seconds CloudFront keeps the whole answer anyway (the route's `cache`).
 */
function salesSince(productId: string): Promise<number> {
  const counter = { scope: `product#${productId}` };
  return keep(`sales#${productId}`, [keyOf(counterSchema, counter)], { maxAgeMs: SELLER_KEPT_MS }, async () => {
    return (await getItem<CounterItem>(counterSchema, counter))?.sales ?? 0;
  });
}

/**
 * GET /api/public/products/{id}: the sales-page view. Never content_url (rule: Access links).
 * An unavailable product answers is_active=false with its selling content blanked, so a
 * rejected product's text and media are not served.
 */
export async function productPublicView(id: string) {
  // The product and its counter at once: a view waits for one read, not two in a row.
  const [p, sold] = id ? await Promise.all([getItem<ProductItem>(productSchema, { id }), salesSince(id)]) : [null, 0];
  if (!p) throw productNotFound();
  const seller = await sellerFace(p.creator_id);
  const available = (await unavailableReason(p, { sellerAvailable: seller.available })) === null;
  const base = {
    id: p.id,
    name: p.name,
    price: p.price,
    currency: currencyOf(p.currency),
    pay_what_you_want: p.pay_what_you_want ?? false,
    suggested_price: p.suggested_price ?? null,
    ...billingOf(p),
    ...kindOf(p),
    creator_id: p.creator_id,
    creator_name: seller.name,
    created_at: p.created_at,
    branding: seller.branding,
  };
  if (!available) {
    return {
      ...base,
      headline: "",
      subheadline: "",
      description: "",
      media_type: "none" as const,
      media_url: "",
      is_active: false,
      sales_count: 0,
      bundle_items: [] as BundleItemView[],
      order_bump: null as OrderBumpView | null,
    };
  }
  return {
    ...base,
    headline: p.headline ?? "",
    subheadline: p.subheadline ?? "",
    description: p.description ?? "",
    media_type: p.media_type,
    media_url: p.media_url ?? "",
    is_active: true,
    sales_count: (p.sales_count ?? 0) + sold,
    bundle_items: await bundleItemsOf(p),
    order_bump: await orderBumpOf(p),
  };
}

/** The order bump as the sales page offers it: "Add {name} for {price}" (never its content). */
export interface OrderBumpView {
  product_id: string;
  name: string;
  /** minor units of the product's currency: the bump price */
  price: number;
}

/** The bump, when its product can still be sold in this product's currency; else none is offered. */
async function orderBumpOf(p: ProductItem): Promise<OrderBumpView | null> {
  if (!p.order_bump) return null;
  const offered = await getItem<ProductItem>(productSchema, { id: p.order_bump.product_id });
  if (!offered || offered.creator_id !== p.creator_id || currencyOf(offered.currency) !== currencyOf(p.currency))
    return null;
  if (!offered.is_active || offered.moderation_status !== "approved") return null;
  return { product_id: offered.id, name: offered.name, price: p.order_bump.price };
}

/** A bundle's item as its sales page lists it (never its content, rule: Access links). */
export interface BundleItemView {
  id: string;
  name: string;
  /** minor units of the bundle's currency: what the item sells for alone */
  price: number;
}

/**
 * What is inside a bundle, in the bundle's order: the items that still exist in its currency
 * (a deleted item is not offered to new buyers; its earlier buyers keep their snapshot). The
 * sales page adds their prices up for the saving. Empty for a standard product.
 */
async function bundleItemsOf(p: ProductItem): Promise<BundleItemView[]> {
  const { type, bundle_product_ids: ids } = kindOf(p);
  if (type !== "bundle" || !ids.length) return [];
  const items = (await batchGetItems(
    ids.map((id) => ({ schema: productSchema, key: { id } })),
  )) as (ProductItem | null)[];
  return items.flatMap((item) =>
    item && item.creator_id === p.creator_id && currencyOf(item.currency) === currencyOf(p.currency)
      ? [{ id: item.id, name: item.name, price: item.price }]
      : [],
  );
}

/** The sales page's view of a product (GET /api/public/products/{id}, and the rendered page's data). */
export type ProductPublicView = Awaited<ReturnType<typeof productPublicView>>;
